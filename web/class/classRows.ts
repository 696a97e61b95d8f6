// The class view's rows (issue 32): one per file a teacher drops in, from a student's session file
// (web/session/file.ts: scenario, action log, prediction and outcome) or an exported results file
// (web/share/exporters.ts `resultsJson`: the outcome only), or a guided lesson's session file or the suspend data
// an LMS kept for it (lessonResult.ts: answers against the run's, score). Everything is read in the browser.
import { changesTrace, toSeconds, type Action } from '../session/log'
import { logTextIn, readSession } from '../session/file'
import { answerText, lessonResult, type LessonResult } from './lessonResult'

export interface StudentOutcome {
  /** The engine's measured window (after the warm-up), seconds. */
  from: number
  to: number
  meanQueuePkts: number | null
  delayMsMean: number | null
  goodputMbps: number | null
}

export interface StudentRow {
  /** The file's name: who it is, as the teacher named the files. */
  file: string
  source: 'session' | 'results' | 'lesson'
  /** The algorithm the run started with. */
  algorithm: string | null
  /** The prediction's score 0–100; null: drawn but not comparable; undefined: none drawn. */
  prediction?: number | null
  outcome: StudentOutcome | null
  /** The changes to what ran (parameters, algorithms), in order. */
  changes: Action[]
  /** The session's encoded log (a replay link), for session files; a lesson's first side with one. */
  log: string | null
  /** A guided lesson's answers, score and logs. */
  lesson?: LessonResult
}

export type ReadResult = { row: StudentRow } | { problem: 'not-json' | 'not-student-file' }

const num = (x: unknown): number | null => (typeof x === 'number' && Number.isFinite(x) ? x : null)
const obj = (x: unknown): Record<string, unknown> | null =>
  typeof x === 'object' && x !== null && !Array.isArray(x) ? (x as Record<string, unknown>) : null

function algorithmOf(scenario: unknown): string | null {
  const aqm = obj(obj(scenario)?.aqm)
  return typeof aqm?.kind === 'string' ? aqm.kind : null
}

export function readStudentFile(file: string, text: string): ReadResult {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return { problem: 'not-json' }
  }
  const body = obj(value)
  // A lesson: its session file's `lesson` part, or the suspend data itself.
  const lessonPart = body?.format === 'aqm-lab-session' && 'lesson' in body ? body.lesson : body
  const lesson = lessonResult(lessonPart)
  if (lesson !== null)
    return {
      row: {
        file,
        source: 'lesson',
        algorithm: null,
        outcome: null,
        changes: [],
        log: lesson.logs.find((l) => l !== null) ?? null,
        lesson,
      },
    }
  if (body?.format === 'aqm-lab-session' && 'lesson' in body) return { problem: 'not-student-file' }
  if (body?.format === 'aqm-lab-session') {
    const session = readSession(text)
    if (session === null) return { problem: 'not-student-file' }
    const out = obj(body.outcome)
    const from = num(out?.measured_from_s)
    const to = num(out?.measured_to_s)
    const prediction = obj(body.prediction)
    return {
      row: {
        file,
        source: 'session',
        algorithm: algorithmOf(body.scenario) ?? algorithmOf(safeParse(session.scenario)),
        ...(prediction === null ? {} : { prediction: num(prediction.score) }),
        outcome:
          out === null || from === null || to === null
            ? null
            : {
                from,
                to,
                meanQueuePkts: num(out.mean_queue_pkts),
                delayMsMean: num(out.delay_ms_mean),
                goodputMbps: num(out.goodput_mbps),
              },
        changes: session.actions.filter(changesTrace),
        log: logTextIn(text),
      },
    }
  }
  if (body?.format === 'aqm-lab-results') {
    const from = num(body.measured_from_s)
    const to = num(body.measured_to_s)
    return {
      row: {
        file,
        source: 'results',
        algorithm: algorithmOf(body.scenario),
        outcome:
          from === null || to === null
            ? null
            : {
                from,
                to,
                meanQueuePkts: null,
                delayMsMean: num(obj(body.delay_ms)?.mean),
                goodputMbps: num(body.total_goodput_payload_mbps),
              },
        changes: [],
        log: null,
      },
    }
  }
  return { problem: 'not-student-file' }
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}

/** A change in a few characters for a table cell and the CSV: "12.3 s min_th=8", "29.9 s → codel". */
export function changeText(a: Action): string {
  const at = `${toSeconds(a.at).toFixed(1)} s`
  if (a.kind === 'param') return `${at} ${a.name}=${a.value}`
  if (a.kind === 'algorithm') return `${at} → ${a.aqm.kind}`
  return `${at} ${a.kind}`
}

function csvCell(v: string | number | null | undefined): string {
  if (v === null || v === undefined) return ''
  const s = String(v)
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s
}

export const CSV_COLUMNS = [
  'student_file',
  'source',
  'algorithm',
  'prediction_score',
  'measured_from_s',
  'measured_to_s',
  'mean_queue_pkts',
  'mean_delay_ms',
  'goodput_mbps',
  'changes',
  'lesson',
  'lesson_complete',
  'lesson_score',
  'answers',
  'sketch_scores',
  'replay_log',
] as const

/** The table as CSV (RFC 4180): one row per student, the changes and a lesson's answers joined by "; ", a
 * lesson's logs (one a side) by a space. */
export function classCsv(rows: readonly StudentRow[]): string {
  const lines = [CSV_COLUMNS.join(',')]
  for (const r of rows) {
    const o = r.outcome
    const l = r.lesson
    lines.push(
      [
        r.file,
        r.source,
        r.algorithm,
        r.prediction,
        o?.from,
        o?.to,
        o?.meanQueuePkts,
        o?.delayMsMean,
        o?.goodputMbps,
        r.changes.map(changeText).join('; '),
        l?.id,
        l === undefined ? null : l.complete ? 'yes' : 'no',
        l?.score,
        l?.answers.map(answerText).join('; '),
        l?.sketches.map((k) => `${k.step}: ${k.score}`).join('; '),
        l === undefined ? r.log : l.logs.filter((x) => x !== null).join(' '),
      ]
        .map(csvCell)
        .join(','),
    )
  }
  return `${lines.join('\r\n')}\r\n`
}
