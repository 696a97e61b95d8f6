// The session file: the share dialog's scenario file with the session's log beside it. The lab's own import
// reads its `scenario` as it reads any scenario file (web/share/importer.ts); the replay view (and a teacher's
// class view) read the log.
import { decodeLog, type SessionLog } from './log'

export const SESSION_FORMAT = 'aqm-lab-session'

/** The run's outcome over the engine's measured window (after the warm-up), as the results dialog shows it. */
export interface SessionOutcome {
  measured_from_s: number
  measured_to_s: number
  mean_queue_pkts: number
  delay_ms_mean: number
  goodput_mbps: number
  utilisation: number
}

/** The prediction drawn on the queue chart (`sketch=`, web/charts/sketch/) and its score against the run. */
export interface SessionPrediction {
  /** The sketch's points as the `sketch=` key writes them. */
  sketch: string
  /** 0–100 (docs/predict-sketch.md); null when the run and the sketch did not overlap. */
  score: number | null
}

export interface SessionExtras {
  prediction?: SessionPrediction | null
  outcome?: SessionOutcome | null
}

/** The file's text: `scenario` parsed (so the file reads as a scenario file too), the encoded log, and what the
 * class view shows beside it (the prediction and the outcome), when there are some. */
export function sessionFile(encoded: string, scenarioJson: string, extras: SessionExtras = {}): string {
  let scenario: unknown = null
  try {
    scenario = JSON.parse(scenarioJson)
  } catch {
    // A scenario the engine wrote is JSON; without it the log still carries its own copy.
  }
  const body = {
    format: SESSION_FORMAT,
    version: 1,
    scenario,
    replay: encoded,
    prediction: extras.prediction ?? null,
    outcome: extras.outcome ?? null,
  }
  return `${JSON.stringify(body, (_k, v: unknown) => (typeof v === 'number' && !Number.isFinite(v) ? null : v), 2)}\n`
}

/** The encoded log of a session file, a bare log, or a replay link; null when the text holds none. */
export function logTextIn(text: string): string | null {
  const trimmed = text.trim()
  if (/^https?:\/\/|^\?/.test(trimmed)) {
    const url = new URL(trimmed, 'http://x/')
    return url.searchParams.get('log')
  }
  if (/^[A-Za-z0-9_-]+$/.test(trimmed)) return trimmed
  try {
    const value: unknown = JSON.parse(trimmed)
    if (typeof value === 'object' && value !== null && 'replay' in value && typeof value.replay === 'string')
      return value.replay
  } catch {
    return null
  }
  return null
}

/** The session in a file's text; null when there is none to read. */
export function readSession(text: string): SessionLog | null {
  const log = logTextIn(text)
  if (log === null) return null
  try {
    return decodeLog(log)
  } catch {
    return null
  }
}
