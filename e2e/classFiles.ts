// Students' files for the class view's tests (web/class/): session files as the lab's share dialog writes them,
// an exported results file, a lesson's suspend data, and a file that is neither.
import { encodeLog } from '../web/session/log'
import { lessonSuspend, studentLog, studentOutcome, studentScenario } from '../web/session/fixtures'
import { sessionFile } from '../web/session/file'

const scenario = studentScenario

const file = (name: string, text: string) => ({ name, mimeType: 'application/json', buffer: Buffer.from(text) })

export function classFiles() {
  return [
    file(
      'ana.json',
      sessionFile(encodeLog(studentLog), scenario, {
        prediction: { sketch: '0:5,30:20', score: 72 },
        outcome: studentOutcome,
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
    // The suspend data an LMS kept for a guided lesson, saved as a text file.
    { name: 'dana-lesson.txt', mimeType: 'text/plain', buffer: Buffer.from(JSON.stringify(lessonSuspend)) },
    file('notes.json', JSON.stringify({ hello: 'world' })),
  ]
}

/** A replay link's query for the replay view. */
export const replayQuery = `./?view=replay&log=${encodeLog({ ...studentLog, end: 25_000_000_000 })}`
