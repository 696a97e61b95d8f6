// Predict by sketch: the controls and the outcome. "Predict" (lab: after a reset to t = 0, so the chart is
// empty) starts a drawing on the queue chart; "Lock" ends it (Play locks it too); after the run has covered
// the sketch, the score (sketch.ts: 100 × (1 − normalised area between the curves)) and whether the
// prediction ran high or low, then the lesson's explanation where there is one.
import { useEffect, useState, useSyncExternalStore } from 'react'
import { useTranslation } from 'react-i18next'
import type { SimStore } from '../../engine/store'
import { useFrame } from '../frameLoop'
import { scoreSketch, valueAt, type Point, type Score } from './sketch'
import type { SketchStore } from './sketchStore'
import './sketch.css'

const REFRESH_MS = 500

export interface Outcome extends Score {
  /** Mean of sketch − run over the compared samples, packets: > 0 the prediction ran high. */
  bias: number
}

/** The run's queue samples [t, q_pkts] from the page's buffer. */
function runTrace(sim: SimStore): Array<[number, number]> {
  const rows = sim.buffer
  const tCol = rows?.columnIndex('t') ?? -1
  const qCol = rows?.columnIndex('q_pkts') ?? -1
  if (!rows || tCol < 0 || qCol < 0) return []
  const out: Array<[number, number]> = []
  for (let i = 0; i < rows.length; i++) out.push([rows.at(i, tCol), rows.at(i, qCol)])
  return out
}

export function outcomeOf(points: readonly Point[], run: ReadonlyArray<readonly [number, number]>): Outcome | null {
  const score = scoreSketch(points, run)
  if (score === null) return null
  const inside = run.filter(([t]) => t >= score.from && t <= score.to)
  const bias = inside.reduce((s, [t, q]) => s + (valueAt(points, t) - q), 0) / inside.length
  return { ...score, bias }
}

interface SketchBarProps {
  sketches: SketchStore
  id: string
  sim: SimStore
  /** Before a drawing starts (the lab resets its run so the chart is empty); absent: nothing to do. */
  onStart?(): void
  /** Shown with the score: the lesson's explanation. */
  explanation?: string
  /** Told each new score of this sketch (a lesson's LMS report counts it). */
  onScore?(id: string, score: number): void
}

export function SketchBar({ sketches, id, sim, onStart, explanation, onScore }: SketchBarProps) {
  const { t } = useTranslation('teach')
  const state = useSyncExternalStore(sketches.subscribe, sketches.getSnapshot)
  const playing = useSyncExternalStore(sim.subscribe, () => sim.getSnapshot().playing)
  const points = state.sketches[id] ?? []
  const editing = state.editing === id
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  const [last, setLast] = useState(0)

  // Play locks the drawing: a prediction is made before the run.
  useEffect(() => {
    if (playing && editing) sketches.lock()
  }, [playing, editing, sketches])

  useFrame((now) => {
    if (now - last < REFRESH_MS) return
    setLast(now)
    const end = points.at(-1)?.[0] ?? Infinity
    // Scored once the run has reached the sketch's end (or stopped past its start), not while it is drawn.
    const { playing } = sim.getSnapshot()
    const { simTime } = sim.live()
    const due = !editing && points.length > 1 && (simTime >= end || (!playing && simTime > points[0][0]))
    const next = due ? outcomeOf(points, runTrace(sim)) : null
    setOutcome((o) =>
      o === null && next === null
        ? o
        : next !== null && o !== null && o.score === next.score && o.to === next.to
          ? o
          : next,
    )
  }, 'sketch')

  const score = outcome?.score
  useEffect(() => {
    if (score !== undefined) onScore?.(id, score)
  }, [score, id, onScore])

  const start = () => {
    onStart?.()
    sketches.start(id)
  }
  return (
    <div className="sketch-bar" data-testid="sketch-bar" data-editing={editing} data-points={points.length}>
      {editing ? (
        <>
          <span className="sketch-hint" role="status">
            {t('sketch.drawing', { count: points.length })}
          </span>
          <button
            type="button"
            className="primary"
            disabled={points.length < 2}
            onClick={() => sketches.lock()}
            data-testid="sketch-lock"
          >
            {t('sketch.lock')}
          </button>
          <button type="button" onClick={() => sketches.clear(id)}>
            {t('sketch.cancel')}
          </button>
        </>
      ) : (
        <>
          <button type="button" onClick={start} data-testid="sketch-predict">
            {points.length > 1 ? t('sketch.again') : t('sketch.predict')}
          </button>
          {points.length > 1 && outcome === null && (
            <span className="sketch-hint">{t('sketch.locked', { seconds: points.at(-1)?.[0] ?? 0 })}</span>
          )}
        </>
      )}
      {outcome !== null && (
        <p className="sketch-outcome" role="status" data-testid="sketch-score" data-score={outcome.score}>
          <strong>{t('sketch.score', { score: outcome.score })}</strong>{' '}
          {t(
            Math.abs(outcome.bias) < 0.5
              ? 'sketch.bias_none'
              : outcome.bias > 0
                ? 'sketch.bias_high'
                : 'sketch.bias_low',
            {
              packets: Math.abs(outcome.bias).toFixed(1),
              from: outcome.from.toFixed(1),
              to: outcome.to.toFixed(1),
            },
          )}
          {explanation !== undefined && <span className="sketch-explanation"> {explanation}</span>}
        </p>
      )}
    </div>
  )
}
