// A student's guided lesson as the class view shows it (issue 32): from the lesson's part of a session file or
// from the suspend data an LMS kept (web/lms/progress.ts, one format for both). Each question's chosen answer
// against the answer the run gave, the sketches' scores, the raw score and completion as the LMS was told them,
// and the sides' action logs for a replay.
import { LESSONS } from '../walkthrough/lessons'
import { decodeSuspend, isComplete, lessonScore } from '../lms/progress'
import { readSession } from '../session/file'

export interface LessonAnswer {
  step: string
  /** The answer chosen; null: none. */
  choice: string | null
  /** The answer the run gave; null: not run yet (or written by a lab before it kept it). */
  outcome: string | null
  /** Whether the run agreed; null: not revealed. */
  right: boolean | null
}

export interface LessonResult {
  id: string
  /** 0–100 as the LMS was told it; null for a lesson with nothing to score. */
  score: number | null
  complete: boolean
  /** One per question, in the lesson's order. */
  answers: LessonAnswer[]
  /** The sketches the run scored, in the lesson's order. */
  sketches: Array<{ step: string; score: number }>
  /** Per side, its run's encoded action log (web/session/log.ts); null for a side without one. */
  logs: Array<string | null>
  /** Per side, the algorithm its run started with (from its log's scenario); null without a log. */
  algorithms: Array<string | null>
  /** Whether a side's log had been left out to fit the LMS's suspend-data limit. */
  logsLeftOut: boolean
}

/** A lesson's progress object (suspend data's shape: `{ v: 1, l: <lesson id>, … }`); null for anything else. */
export function lessonResult(value: unknown): LessonResult | null {
  if (typeof value !== 'object' || value === null || !('l' in value) || typeof value.l !== 'string') return null
  const lesson = Object.hasOwn(LESSONS, value.l) ? LESSONS[value.l] : undefined
  if (lesson === undefined) return null
  const p = decodeSuspend(lesson, JSON.stringify(value))
  if (p === null) return null
  return {
    id: lesson.id,
    score: lessonScore(lesson, p),
    complete: isComplete(lesson, p),
    answers: lesson.steps
      .filter((s) => s.predict !== undefined)
      .map((s) => ({
        step: s.id,
        choice: p.choices[s.id] ?? null,
        outcome: p.outcomes?.[s.id] ?? null,
        right: p.right[s.id] ?? null,
      })),
    sketches: lesson.steps.flatMap((s) =>
      p.sketchScores[s.id] === undefined ? [] : [{ step: s.id, score: p.sketchScores[s.id] }],
    ),
    logs: p.logs === undefined ? [] : [...p.logs],
    algorithms: (p.logs ?? []).map((l) => (l === null ? null : algorithmOfLog(l))),
    logsLeftOut: p.logsLeftOut === true,
  }
}

function algorithmOfLog(log: string): string | null {
  const session = readSession(log)
  if (session === null) return null
  try {
    const kind: unknown = (JSON.parse(session.scenario) as { aqm?: { kind?: unknown } }).aqm?.kind
    return typeof kind === 'string' ? kind : null
  } catch {
    return null
  }
}

/** An answer in a few characters for the CSV: "droptail: full → full (right)". */
export function answerText(a: LessonAnswer): string {
  const verdict = a.right === null ? 'not revealed' : a.right ? 'right' : 'wrong'
  return `${a.step}: ${a.choice ?? '-'} → ${a.outcome ?? '?'} (${verdict})`
}
