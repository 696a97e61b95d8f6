// Students' files for the class view's tests (web/class/): session files as the lab's share dialog writes them,
// an exported results file, and a file that is neither.
import { encodeLog, type SessionLog } from '../web/session/log'
import { sessionFile } from '../web/session/file'

const scenario = JSON.stringify({
  version: 2,
  seed: 5,
  duration: 30,
  link: { rate_mbps: 10, delay_ms: 10, buffer: 100 },
  flows: [{ count: 8, tcp: 'reno', rtt_ms: [20, 80] }],
  aqm: { kind: 'red', min_th: 5, max_th: 15, max_p: 0.1, w_q: 0.002 },
})

export const studentLog: SessionLog = {
  scenario,
  playing: false,
  speed: 5,
  end: 30_000_000_000,
  actions: [
    { at: 0, kind: 'play' },
    { at: 6_328_117_000, kind: 'param', name: 'min_th', value: 8 },
    { at: 9_759_002_000, kind: 'param', name: 'max_th', value: 40 },
    { at: 20_100_000_000, kind: 'algorithm', aqm: { kind: 'codel', target: 5, interval: 100, newton: true } },
  ],
}

const file = (name: string, text: string) => ({ name, mimeType: 'application/json', buffer: Buffer.from(text) })

export function classFiles() {
  return [
    file(
      'ana.json',
      sessionFile(encodeLog(studentLog), scenario, {
        prediction: { sketch: '0:5,30:20', score: 72 },
        outcome: {
          measured_from_s: 5,
          measured_to_s: 30,
          mean_queue_pkts: 12.25,
          delay_ms_mean: 9.8,
          goodput_mbps: 9.41,
          utilisation: 0.98,
        },
      }),
    ),
    file('bo.json', sessionFile(encodeLog({ ...studentLog, actions: [] }), scenario)),
    file(
      'cy-results.json',
      JSON.stringify({
        format: 'aqm-lab-results',
        scenario: JSON.parse(scenario) as unknown,
        measured_from_s: 2,
        measured_to_s: 20,
        total_goodput_payload_mbps: 8.5,
        delay_ms: { mean: 15 },
        flows: [],
      }),
    ),
    file('notes.json', JSON.stringify({ hello: 'world' })),
  ]
}

/** A replay link's query for the replay view. */
export const replayQuery = `./?view=replay&log=${encodeLog({ ...studentLog, end: 25_000_000_000 })}`
