// Guided walk-throughs: steps that set up a side of a preset, point at the chart where the effect
// appears, and ask for a prediction before the run. The texts live in the teach catalogue under
// lesson.<lesson id>.<step id>; the right answer is the choice nearest to what the run measured.
// The lessons after the first are data (lessons.json), which engine-wasm/tests/presets.rs reads too: it
// runs each lesson's sides natively and checks that the answer its texts rely on (`expect`) is the one
// the run gives.
import { summaryValue, type SummaryJson } from '../engine/summary'

// A glob import reads the JSON without typing it as a literal; dataLessons() checks its shape.
const LESSON_DATA: unknown = Object.values(import.meta.glob('./lessons.json', { eager: true, import: 'default' }))[0]

/** What a prediction is checked against. */
export type Measure =
  /** Mean instantaneous queue (packets) after the first 5 s. */
  | 'queue'
  /** Mean of the AQM's averaged queue after the first 5 s. */
  | 'avg'
  /** Drop-tail's synchronisation excess minus RED's, from full runs of both sides. */
  | 'sync_gap'
  /** `metric` of side `of`, from its full run. */
  | 'summary'
  /** `metric` of side `of` minus that of side `minus`, from full runs. */
  | 'summary_gap'

export interface Choice {
  id: string
  /** The measurement this choice stands for; the nearest one is the answer. */
  value: number
}

export interface LessonStep {
  id: string
  /** Preset side to load when the step opens. */
  side?: number
  /** Simulated seconds to play, after the prediction. */
  run?: number
  /** The chart the step points at. */
  highlight?: 'queue' | 'delay' | 'summary'
  predict?: Prediction
}

export interface Prediction {
  measure: Measure
  choices: Choice[]
  /** For 'summary' and 'summary_gap': a summary path (`delay_ms.mean`, `flows.0.goodput_payload_mbps`) or `share.N`. */
  metric?: string
  /** For 'summary' and 'summary_gap': the lesson side (index into `Lesson.sides`) measured. */
  of?: number
  /** For 'summary_gap': the lesson side subtracted. */
  minus?: number
  /** Shown value = measured × scale (default 1), with `digits` decimals (default 1). */
  scale?: number
  digits?: number
  /** The answer the lesson's texts rely on; the native test checks the run gives it. */
  expect?: string
}

export interface Lesson {
  id: string
  /** The preset it runs (its sides are the lesson's scenarios). */
  preset: string
  /** Simulated seconds per wall second while a step plays. */
  speed: number
  steps: LessonStep[]
  /** The preset sides the lesson loads, in lesson order (default [0, 1]); `side`, `of`, `minus` index this. */
  sides?: number[]
  /** Summary metrics of the full-run table (default: synchronisation, mean queue, utilisation). */
  table?: string[]
}

const MEASURES: readonly string[] = ['queue', 'avg', 'sync_gap', 'summary', 'summary_gap']

type Obj = Record<string, unknown>
const isObj = (x: unknown): x is Obj => typeof x === 'object' && x !== null && !Array.isArray(x)
const isNum = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x)
const optNum = (x: unknown) => x === undefined || isNum(x)
const optStr = (x: unknown) => x === undefined || typeof x === 'string'

function isPrediction(x: unknown): x is Prediction {
  return (
    isObj(x) &&
    typeof x.measure === 'string' &&
    MEASURES.includes(x.measure) &&
    Array.isArray(x.choices) &&
    x.choices.every((c) => isObj(c) && typeof c.id === 'string' && isNum(c.value)) &&
    optStr(x.metric) &&
    optNum(x.of) &&
    optNum(x.minus) &&
    optNum(x.scale) &&
    optNum(x.digits) &&
    optStr(x.expect)
  )
}

function isStep(x: unknown): x is LessonStep {
  return (
    isObj(x) &&
    typeof x.id === 'string' &&
    optNum(x.side) &&
    optNum(x.run) &&
    (x.highlight === undefined || x.highlight === 'queue' || x.highlight === 'delay' || x.highlight === 'summary') &&
    (x.predict === undefined || isPrediction(x.predict))
  )
}

export function isLesson(x: unknown): x is Lesson {
  return (
    isObj(x) &&
    typeof x.id === 'string' &&
    typeof x.preset === 'string' &&
    isNum(x.speed) &&
    Array.isArray(x.steps) &&
    x.steps.every(isStep) &&
    (x.sides === undefined || (Array.isArray(x.sides) && x.sides.every(isNum))) &&
    (x.table === undefined || (Array.isArray(x.table) && x.table.every((m) => typeof m === 'string')))
  )
}

function dataLessons(data: unknown): Record<string, Lesson> {
  if (!isObj(data)) throw new Error('lessons.json: not an object')
  return Object.fromEntries(
    Object.entries(data).map(([id, l]) => {
      if (!isLesson(l) || l.id !== id) throw new Error(`lessons.json: lesson ${id} is malformed`)
      return [id, l]
    }),
  )
}

export const LESSONS: Readonly<Record<string, Lesson>> = {
  'red-vs-droptail': {
    id: 'red-vs-droptail',
    preset: 'red-vs-droptail',
    speed: 10,
    steps: [
      { id: 'intro', side: 0 },
      {
        id: 'droptail',
        side: 0,
        run: 30,
        highlight: 'queue',
        predict: {
          measure: 'queue',
          choices: [
            { id: 'empty', value: 5 },
            { id: 'middle', value: 35 },
            { id: 'full', value: 85 },
          ],
        },
      },
      {
        id: 'red',
        side: 1,
        run: 30,
        highlight: 'queue',
        predict: {
          measure: 'avg',
          choices: [
            { id: 'min_th', value: 15 },
            { id: 'max_th', value: 45 },
            { id: 'full', value: 85 },
          ],
        },
      },
      {
        id: 'sync',
        highlight: 'summary',
        predict: {
          measure: 'sync_gap',
          choices: [
            { id: 'droptail', value: 0.3 },
            { id: 'neither', value: 0 },
            { id: 'red', value: -0.3 },
          ],
        },
      },
      { id: 'done' },
    ],
  },
  ...dataLessons(LESSON_DATA),
}

/** The preset sides a lesson loads. */
export function lessonSides(lesson: Lesson): number[] {
  return lesson.sides ?? [0, 1]
}

/** The choice nearest to the measurement. */
export function answer(choices: readonly Choice[], measured: number): string {
  let best = choices[0]
  for (const c of choices) if (Math.abs(c.value - measured) < Math.abs(best.value - measured)) best = c
  return best.id
}

/**
 * A lesson's summary metric: `share.N` is flow N's share of the total payload goodput (0–1); anything else is a
 * path into the engine's summary (`delay_ms.mean`, `flows.0.goodput_payload_mbps`). NaN when absent.
 */
export function lessonValue(summary: SummaryJson, metric: string): number {
  const share = /^share\.(\d+)$/.exec(metric)
  if (share === null) return summaryValue(summary, metric)
  return (
    summaryValue(summary, `flows.${share[1]}.goodput_payload_mbps`) /
    summaryValue(summary, 'total_goodput_payload_mbps')
  )
}
/**
 * A prediction's measurement from full runs of the lesson's sides (`sync_gap`, `summary`, `summary_gap`); undefined
 * while a run it needs has not finished, or for the live-trace measures (`queue`, `avg`).
 */
export function fullRunMeasure(p: Prediction, summaries: readonly (SummaryJson | null)[]): number | undefined {
  const m = p.measure
  if (m === 'sync_gap') {
    const [a, b] = summaries
    if (a === null || a === undefined || b === null || b === undefined) return undefined
    return summaryValue(a, 'sync.excess') - summaryValue(b, 'sync.excess')
  }
  if (m !== 'summary' && m !== 'summary_gap') return undefined
  const a = summaries[p.of ?? 0]
  const b = m === 'summary_gap' ? summaries[p.minus ?? 1] : undefined
  if (a === null || a === undefined || b === null) return undefined
  const metric = p.metric ?? ''
  return lessonValue(a, metric) - (b === undefined ? 0 : lessonValue(b, metric))
}
