// The few data-model elements the lab writes, in each version's names and formats. SCORM 1.2 (RTE §3.4):
// cmi.core.lesson_status, cmi.core.score.*, cmi.core.session_time as HHHH:MM:SS.SS, cmi.suspend_data of at most
// 4,096 characters, the LMS's pass mark in cmi.student_data.mastery_score (0–100). SCORM 2004 4th edition (RTE
// §4.2): completion and success are two elements, the score also as scaled (−1…1), session time as an ISO 8601
// duration, suspend data up to 64,000 characters, the pass mark in cmi.scaled_passing_score.
import type { ScormVersion } from './discover'

export type Outcome = 'incomplete' | 'completed' | 'passed' | 'failed'

/** Longest suspend data each version guarantees (1.2: CMIString4096; 2004 4th ed.: 64,000 characters). */
export const SUSPEND_LIMIT: Record<ScormVersion, number> = { '1.2': 4096, '2004': 64000 }

const pad = (n: number, width: number) => String(n).padStart(width, '0')

/** SCORM 1.2 CMITimespan `HHHH:MM:SS.SS` (hours at most 9999). */
export function timespan12(seconds: number): string {
  const centis = Math.min(Math.max(0, Math.round(seconds * 100)), 9999 * 360000 + 359999)
  const h = Math.floor(centis / 360000)
  const m = Math.floor((centis % 360000) / 6000)
  const s = (centis % 6000) / 100
  return `${pad(h, 4)}:${pad(m, 2)}:${s.toFixed(2).padStart(5, '0')}`
}

/** SCORM 2004 timeinterval: an ISO 8601 duration `PT#H#M#S` (seconds to 0.01, RTE §4.2.23). */
export function duration2004(seconds: number): string {
  const centis = Math.max(0, Math.round(seconds * 100))
  const h = Math.floor(centis / 360000)
  const m = Math.floor((centis % 360000) / 6000)
  const s = (centis % 6000) / 100
  return `PT${h}H${m}M${Number(s.toFixed(2))}S`
}

/** Element name → value pairs that report a state, in the order they are set. */
export function statusValues(version: ScormVersion, outcome: Outcome, score: number | null): Array<[string, string]> {
  const raw = score === null ? null : String(Math.round(Math.min(100, Math.max(0, score))))
  if (version === '1.2') {
    const out: Array<[string, string]> = [['cmi.core.lesson_status', outcome]]
    if (raw !== null) out.push(['cmi.core.score.min', '0'], ['cmi.core.score.max', '100'], ['cmi.core.score.raw', raw])
    return out
  }
  const out: Array<[string, string]> = [
    ['cmi.completion_status', outcome === 'incomplete' ? 'incomplete' : 'completed'],
  ]
  out.push(['cmi.success_status', outcome === 'passed' ? 'passed' : outcome === 'failed' ? 'failed' : 'unknown'])
  if (raw !== null)
    out.push(
      ['cmi.score.min', '0'],
      ['cmi.score.max', '100'],
      ['cmi.score.raw', raw],
      ['cmi.score.scaled', String(Number(raw) / 100)],
    )
  return out
}

export const ELEMENTS: Record<
  ScormVersion,
  { suspend: string; session: string; exit: string; passMark: string; status: string }
> = {
  '1.2': {
    suspend: 'cmi.suspend_data',
    session: 'cmi.core.session_time',
    exit: 'cmi.core.exit',
    passMark: 'cmi.student_data.mastery_score',
    status: 'cmi.core.lesson_status',
  },
  '2004': {
    suspend: 'cmi.suspend_data',
    session: 'cmi.session_time',
    exit: 'cmi.exit',
    passMark: 'cmi.scaled_passing_score',
    status: 'cmi.completion_status',
  },
}

export function sessionTime(version: ScormVersion, seconds: number): string {
  return version === '1.2' ? timespan12(seconds) : duration2004(seconds)
}

/** The pass mark (0–100) in the LMS's own element, or null when the LMS has none. */
export function passMarkOf(version: ScormVersion, value: string): number | null {
  if (value.trim() === '') return null
  const v = Number(value)
  if (!Number.isFinite(v)) return null
  const mark = version === '1.2' ? v : v * 100
  return mark >= 0 && mark <= 100 ? mark : null
}

/** The value of cmi.exit when the session ends: a lesson left unfinished is suspended, so the next launch resumes. */
export function exitValue(version: ScormVersion, done: boolean): string {
  if (!done) return 'suspend'
  return version === '1.2' ? '' : 'normal'
}
