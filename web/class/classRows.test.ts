import { describe, expect, it } from 'vitest'
import { encodeLog, type SessionLog } from '../session/log'
import { sessionFile } from '../session/file'
import { classCsv, readStudentFile } from './classRows'

const scenario = JSON.stringify({ seed: 1, duration: 30, aqm: { kind: 'red', min_th: 5, max_th: 15 } })
const log: SessionLog = {
  scenario,
  playing: false,
  speed: 1,
  end: 30e9,
  actions: [
    { at: 0, kind: 'play' },
    { at: 6_328_000_000, kind: 'param', name: 'min_th', value: 8 },
    { at: 10_000_000_000, kind: 'speed', speed: 10 },
    { at: 29_901_000_000, kind: 'algorithm', aqm: { kind: 'codel', target: 5, interval: 100 } },
  ],
}
const outcome = {
  measured_from_s: 5,
  measured_to_s: 30,
  mean_queue_pkts: 12.25,
  delay_ms_mean: 9.8,
  goodput_mbps: 9.41,
  utilisation: 0.98,
}

describe('class view rows', () => {
  it('reads a session file: algorithm, prediction score, outcome, the changes to what ran, the log', () => {
    const text = sessionFile(encodeLog(log), scenario, { prediction: { sketch: '0:5,30:20', score: 72 }, outcome })
    const r = readStudentFile('ana.json', text)
    expect('row' in r && r.row).toEqual({
      file: 'ana.json',
      source: 'session',
      algorithm: 'red',
      prediction: 72,
      outcome: { from: 5, to: 30, meanQueuePkts: 12.25, delayMsMean: 9.8, goodputMbps: 9.41 },
      changes: [log.actions[1], log.actions[3]],
      log: encodeLog(log),
    })
  })

  it('tells a missing prediction from one that could not be scored, and reads a results file', () => {
    const none = readStudentFile('bo.json', sessionFile(encodeLog(log), scenario))
    expect('row' in none && none.row.prediction).toBeUndefined()
    expect('row' in none && none.row.outcome).toBeNull()
    const unscored = readStudentFile(
      'cy.json',
      sessionFile(encodeLog(log), scenario, { prediction: { sketch: '0:1', score: null } }),
    )
    expect('row' in unscored && unscored.row.prediction).toBeNull()
    const results = JSON.stringify({
      format: 'aqm-lab-results',
      scenario: { aqm: { kind: 'pie' } },
      measured_from_s: 2,
      measured_to_s: 20,
      total_goodput_payload_mbps: 8.5,
      delay_ms: { mean: 15 },
    })
    const r = readStudentFile('dee.json', results)
    expect('row' in r && r.row).toMatchObject({
      source: 'results',
      algorithm: 'pie',
      outcome: { from: 2, to: 20, meanQueuePkts: null, delayMsMean: 15, goodputMbps: 8.5 },
      changes: [],
      log: null,
    })
  })

  it('refuses other files with the reason', () => {
    expect(readStudentFile('x.json', 'not json')).toEqual({ problem: 'not-json' })
    expect(readStudentFile('x.json', JSON.stringify({ format: 'aqm-lab-scenario', scenario: {} }))).toEqual({
      problem: 'not-student-file',
    })
  })

  it('exports one CSV row per student, quoting what needs it', () => {
    const r = readStudentFile('ana, 3B.json', sessionFile(encodeLog(log), scenario, { outcome }))
    if (!('row' in r)) throw new Error('unread')
    const lines = classCsv([r.row]).split('\r\n')
    expect(lines[0]).toBe(
      'student_file,source,algorithm,prediction_score,measured_from_s,measured_to_s,mean_queue_pkts,mean_delay_ms,goodput_mbps,changes,replay_log',
    )
    expect(lines[1]).toBe(
      `"ana, 3B.json",session,red,,5,30,12.25,9.8,9.41,6.3 s min_th=8; 29.9 s → codel,${encodeLog(log)}`,
    )
    expect(lines[2]).toBe('')
  })
})
