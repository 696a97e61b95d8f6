// Measurements a walk-through reads from the live trace to check a prediction.
import type { SampleBuffer } from '../engine/samples'
import { summaryValue, type SummaryJson } from '../runs/summary'
import type { Prediction } from './lessons'

/** Mean of `column` over the held rows from simulated time `from` on; NaN when there are none. */
export function meanAfter(buffer: SampleBuffer | null, column: string, from: number): number {
  if (buffer === null) return Number.NaN
  const t = buffer.columnIndex('t')
  const c = buffer.columnIndex(column)
  if (t < 0 || c < 0) return Number.NaN
  let sum = 0
  let n = 0
  for (let i = 0; i < buffer.length; i++) {
    const v = buffer.at(i, c)
    if (buffer.at(i, t) >= from && Number.isFinite(v)) {
      sum += v
      n++
    }
  }
  return n === 0 ? Number.NaN : sum / n
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
