// The session file: the share dialog's scenario file with the session's log beside it. The lab's own import
// reads its `scenario` as it reads any scenario file (web/share/importer.ts); the replay view (and a teacher's
// class view) read the log.
import { decodeLog, type SessionLog } from './log'

export const SESSION_FORMAT = 'aqm-lab-session'

/** The file's text: `scenario` parsed (so the file reads as a scenario file too) and the encoded log. */
export function sessionFile(encoded: string, scenarioJson: string): string {
  let scenario: unknown = null
  try {
    scenario = JSON.parse(scenarioJson)
  } catch {
    // A scenario the engine wrote is JSON; without it the log still carries its own copy.
  }
  return `${JSON.stringify({ format: SESSION_FORMAT, version: 1, scenario, replay: encoded }, null, 2)}\n`
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
