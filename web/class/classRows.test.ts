import { describe, expect, it } from 'vitest'
import { encodeLog } from '../session/log'
import { lessonSuspend, studentLog, studentOutcome, studentScenario } from '../session/fixtures'
import { sessionFile } from '../session/file'
import { classCsv, readStudentFile } from './classRows'

const scenario = studentScenario
const log = studentLog
const outcome = studentOutcome

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
      changes: log.actions.slice(1),
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
      'student_file,source,algorithm,prediction_score,measured_from_s,measured_to_s,mean_queue_pkts,mean_delay_ms,goodput_mbps,changes,lesson,lesson_complete,lesson_score,answers,sketch_scores,replay_log',
    )
    expect(lines[1]).toBe(
      `"ana, 3B.json",session,red,,5,30,12.25,9.8,9.41,6.3 s min_th=8; 9.8 s max_th=40; 20.1 s → codel,,,,,,${encodeLog(log)}`,
    )
    expect(lines[2]).toBe('')
  })
})

describe('class view rows of a guided lesson', () => {
  const answers = [
    { step: 'droptail', choice: 'full', outcome: 'full', right: true },
    { step: 'red', choice: 'min_th', outcome: 'min_th', right: true },
    { step: 'sync', choice: 'droptail', outcome: 'red', right: false },
  ]

  it('reads the suspend data an LMS kept: answers against the run’s, sketch and lesson score, the logs', () => {
    const r = readStudentFile('dana.txt', JSON.stringify(lessonSuspend))
    expect('row' in r && r.row).toEqual({
      file: 'dana.txt',
      source: 'lesson',
      algorithm: null,
      outcome: null,
      changes: [],
      log: encodeLog(log),
      lesson: {
        id: 'red-vs-droptail',
        // (100 + 100 + 0 + 64) / 4
        score: 66,
        complete: true,
        answers,
        sketches: [{ step: 'droptail', score: 64 }],
        logs: [encodeLog(log), null],
        algorithms: ['red', null],
        logsLeftOut: true,
      },
    })
  })

  it('reads the lesson’s own session file the same way, and refuses another lesson’s or a broken one', () => {
    const file = JSON.stringify({ format: 'aqm-lab-session', version: 1, lesson: lessonSuspend })
    const r = readStudentFile('eun.json', file)
    expect('row' in r && r.row.lesson?.answers).toEqual(answers)
    for (const bad of [
      { ...lessonSuspend, l: 'no-such-lesson' },
      { ...lessonSuspend, c: 'full' },
    ])
      expect(readStudentFile('x.json', JSON.stringify({ format: 'aqm-lab-session', lesson: bad }))).toEqual({
        problem: 'not-student-file',
      })
  })

  it('exports a lesson’s answers, sketch scores, score and logs in the CSV', () => {
    const r = readStudentFile('dana.txt', JSON.stringify(lessonSuspend))
    if (!('row' in r)) throw new Error('unread')
    expect(classCsv([r.row]).split('\r\n')[1]).toBe(
      'dana.txt,lesson,,,,,,,,,red-vs-droptail,yes,66,' +
        'droptail: full → full (right); red: min_th → min_th (right); sync: droptail → red (wrong),' +
        `droptail: 64,${encodeLog(log)}`,
    )
  })
})
