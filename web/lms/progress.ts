// A student's progress through a guided lesson, as the LMS keeps it: the step reached, the answers chosen and
// whether each was right once its run showed it, the predict-by-sketch scores and the sketches themselves. From
// it: the lesson's raw score (0–100), whether it is complete, passed or failed against the pass mark, and the
// suspend data that lets the next launch resume (within the version's length limit), with the session's action
// logs (web/session/log.ts) when they fit, so a teacher can replay what the student ran.
import { decodePoints, encodePoints, type Point, type Sketches } from '../charts/sketch/sketch'
import type { Tracker } from './session'
import { parseObject } from '../scenario/json'

export interface LessonProgress {
  /** Index of the step shown. */
  step: number
  /** Chosen answer per step id. */
  choices: Record<string, string>
  /** Per step id, whether the chosen answer was the one the run gave (known once revealed). */
  right: Record<string, boolean>
  /** Per step id, the answer the run gave (the outcome the prediction is set against), once revealed. */
  outcomes?: Record<string, string>
  /** Per step id, the sketch's score (0–100, docs/predict-sketch.md) once the run covered it. */
  sketchScores: Record<string, number>
  /** Locked sketches per step id. */
  sketches: Sketches
  /** Per side of the lesson, the encoded action log of its run (web/session/log.ts); null for a side not run. */
  logs?: ReadonlyArray<string | null>
  /** Set when read from suspend data that had to leave a side's log out to fit the version's limit. */
  logsLeftOut?: boolean
}

export const EMPTY_PROGRESS: LessonProgress = { step: 0, choices: {}, right: {}, sketchScores: {}, sketches: {} }

/** What the score and completion need to know of a lesson. */
export interface LessonShape {
  id: string
  steps: ReadonlyArray<{ id: string; predict?: unknown }>
}

/**
 * The raw score, 0–100: the mean over the lesson's questions (100 for the answer the run gave, 0 for another or
 * none) and over the sketches the student drew and had scored (their score). Sketches are optional: one not
 * drawn does not count, one drawn counts as it scored. Null for a lesson without questions or sketches.
 */
export function lessonScore(lesson: LessonShape, p: LessonProgress): number | null {
  const items: number[] = []
  for (const s of lesson.steps) {
    if (s.predict !== undefined) items.push(p.right[s.id] === true ? 100 : 0)
    const sketch = p.sketchScores[s.id]
    if (sketch !== undefined && Number.isFinite(sketch)) items.push(Math.min(100, Math.max(0, sketch)))
  }
  if (items.length === 0) return null
  return Math.round(items.reduce((a, b) => a + b, 0) / items.length)
}

/** Complete: the last step is reached and every question's answer has been revealed. */
export function isComplete(lesson: LessonShape, p: LessonProgress): boolean {
  return (
    p.step >= lesson.steps.length - 1 &&
    lesson.steps.every((s) => s.predict === undefined || p.right[s.id] !== undefined)
  )
}

/** Every other point, the first and last kept: a coarser sketch of the same curve. */
function thin(points: readonly Point[]): Point[] {
  if (points.length <= 2) return [...points]
  const out = points.filter((_, i) => i % 2 === 0)
  if (out[out.length - 1] !== points[points.length - 1]) out.push(points[points.length - 1])
  return out
}

interface Stored {
  v: 1
  l: string
  i: number
  c: Record<string, string>
  r: Record<string, 0 | 1>
  k: Record<string, number>
  /** Sketch points per step id, as the `sketch=` link writes them (`t:q,t:q`). */
  s: Record<string, string>
  /** The run's answer per step id. */
  o?: Record<string, string>
  /** Per side, the encoded action log; 0: the side has none, 1: left out to fit the limit. */
  g?: Array<string | 0 | 1>
}

/** Per side: the log, null for none, false for one left out to fit. */
type Logs = ReadonlyArray<string | null | false>

function serialise(lessonId: string, p: LessonProgress, sketches: Sketches, logs: Logs): string {
  const stored: Stored = {
    v: 1,
    l: lessonId,
    i: p.step,
    c: p.choices,
    r: Object.fromEntries(Object.entries(p.right).map(([k, v]) => [k, v ? 1 : 0])),
    k: Object.fromEntries(Object.entries(p.sketchScores).map(([k, v]) => [k, Math.round(v)])),
    s: Object.fromEntries(
      Object.entries(sketches)
        .filter(([, pts]) => pts.length > 0)
        .map(([k, pts]) => [k, encodePoints(pts)]),
    ),
    ...(p.outcomes === undefined || Object.keys(p.outcomes).length === 0 ? {} : { o: p.outcomes }),
  }
  if (logs.some((l) => l !== null)) stored.g = logs.map((l) => (l === null ? 0 : l === false ? 1 : l))
  return JSON.stringify(stored)
}

/**
 * The suspend data of `p`, at most `limit` characters: the step, answers and scores always fit (a lesson has a
 * handful of steps); the sides' action logs are kept, in order, as long as they fit beside every prediction, a
 * log that does not being marked left out; without any log, the sketches are thinned (every other point) until the
 * whole fits, and left out if even two points a sketch do not. Null if not even the answers fit (then nothing is
 * stored rather than a cut text).
 */
export function encodeSuspend(lessonId: string, p: LessonProgress, limit: number): string | null {
  const none: Logs = (p.logs ?? []).map((l) => (l === null ? null : false))
  if (serialise(lessonId, p, p.sketches, none).length <= limit) {
    const kept = [...none]
    for (const [i, log] of (p.logs ?? []).entries()) {
      if (log === null) continue
      kept[i] = log
      if (serialise(lessonId, p, p.sketches, kept).length > limit) kept[i] = false
    }
    return serialise(lessonId, p, p.sketches, kept)
  }
  let sketches = p.sketches
  for (;;) {
    const text = serialise(lessonId, p, sketches, none)
    if (text.length <= limit) return text
    const coarser = Object.fromEntries(Object.entries(sketches).map(([k, pts]) => [k, thin(pts)]))
    if (Object.values(sketches).every((pts) => pts.length <= 2)) break
    sketches = coarser
  }
  const bare = serialise(lessonId, p, {}, none)
  return bare.length <= limit ? bare : null
}

const isRecordOf = <T>(x: unknown, ok: (v: unknown) => v is T): x is Record<string, T> =>
  typeof x === 'object' && x !== null && !Array.isArray(x) && Object.values(x).every(ok)
const isString = (v: unknown): v is string => typeof v === 'string'
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v)
const isLog = (v: unknown): v is string => typeof v === 'string' && /^[A-Za-z0-9_-]+$/.test(v)

/** The progress in suspend data written for `lesson`; null for empty, foreign or malformed data. */
export function decodeSuspend(lesson: LessonShape, text: string): LessonProgress | null {
  const x = parseObject(text)
  if (x === null) return null
  const s = x as Partial<Stored>
  if (s.v !== 1 || s.l !== lesson.id || !isNumber(s.i)) return null
  if (
    !isRecordOf(s.s, isString) ||
    !isRecordOf(s.c, isString) ||
    !isRecordOf(s.r, isNumber) ||
    !isRecordOf(s.k, isNumber) ||
    (s.o !== undefined && !isRecordOf(s.o, isString))
  )
    return null
  const ids = new Set(lesson.steps.map((st) => st.id))
  const known = <T>(r: Record<string, T>) => Object.fromEntries(Object.entries(r).filter(([k]) => ids.has(k)))
  return {
    step: Math.min(Math.max(0, Math.floor(s.i)), lesson.steps.length - 1),
    choices: known(s.c),
    right: Object.fromEntries(Object.entries(known(s.r)).map(([k, v]) => [k, v === 1])),
    ...(s.o === undefined ? {} : { outcomes: known(s.o) }),
    sketchScores: known(s.k),
    sketches: Object.fromEntries(
      Object.entries(known(s.s)).flatMap(([k, text]) => {
        const pts = decodePoints(text)
        return pts === null ? [] : [[k, pts]]
      }),
    ),
    ...(Array.isArray(s.g) ? { logs: s.g.map((l) => (isLog(l) ? l : null)) } : {}),
    ...(Array.isArray(s.g) && s.g.includes(1) ? { logsLeftOut: true } : {}),
  }
}

/** A lesson as the LMS session tracks it. */
export function lessonTracker(lesson: LessonShape): Tracker<LessonProgress> {
  return {
    decode: (text) => decodeSuspend(lesson, text),
    encode: (p, limit) => encodeSuspend(lesson.id, p, limit),
    score: (p) => lessonScore(lesson, p),
    complete: (p) => isComplete(lesson, p),
  }
}
