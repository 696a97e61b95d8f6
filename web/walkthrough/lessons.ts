// Guided walk-throughs: steps that set up a side of a preset, point at the chart where the effect
// appears, and ask for a prediction before the run. The texts live in the teach catalogue under
// lesson.<lesson id>.<step id>; the right answer is the choice nearest to what the run measured.

/** What a prediction is checked against. */
export type Measure =
  /** Mean instantaneous queue (packets) after the first 5 s. */
  | 'queue'
  /** Mean of the AQM's averaged queue after the first 5 s. */
  | 'avg'
  /** Drop-tail's synchronisation excess minus RED's, from full runs of both sides. */
  | 'sync_gap'

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
  predict?: { measure: Measure; choices: Choice[] }
}

export interface Lesson {
  id: string
  /** The preset it runs (its sides are the lesson's scenarios). */
  preset: string
  /** Simulated seconds per wall second while a step plays. */
  speed: number
  steps: LessonStep[]
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
        predict: { measure: 'queue', choices: [{ id: 'empty', value: 5 }, { id: 'middle', value: 35 }, { id: 'full', value: 85 }] },
      },
      {
        id: 'red',
        side: 1,
        run: 30,
        highlight: 'queue',
        predict: { measure: 'avg', choices: [{ id: 'min_th', value: 15 }, { id: 'max_th', value: 45 }, { id: 'full', value: 85 }] },
      },
      {
        id: 'sync',
        highlight: 'summary',
        predict: { measure: 'sync_gap', choices: [{ id: 'droptail', value: 0.3 }, { id: 'neither', value: 0 }, { id: 'red', value: -0.3 }] },
      },
      { id: 'done' },
    ],
  },
}

/** The choice nearest to the measurement. */
export function answer(choices: readonly Choice[], measured: number): string {
  let best = choices[0]
  for (const c of choices) if (Math.abs(c.value - measured) < Math.abs(best.value - measured)) best = c
  return best.id
}
