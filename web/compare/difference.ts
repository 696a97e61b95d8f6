// The difference summary: each metric on every side, and each side's difference from the first,
// from the engine's full-run summaries (the same numbers `aqm-cli run` prints).
import { formatMetric, METRICS, summaryValue, type Metric, type SummaryJson } from '../sweep/summary'

export interface DiffCell {
  value: number
  text: string
  /** Difference from side 0, in the metric's shown unit; absent for side 0. */
  delta?: number
  deltaText?: string
  /** Whether the difference is an improvement by the metric's own sense ("lower delay is better"). */
  verdict?: 'better' | 'worse' | 'same'
}

export interface DiffRow {
  metric: Metric
  cells: DiffCell[]
}

export function formatDelta(m: Metric, d: number): string {
  if (!Number.isFinite(d)) return '–'
  const text = Math.abs(d).toFixed(m.digits)
  if (Number(text) === 0) return `±${text}`
  return `${d > 0 ? '+' : '−'}${text}`
}

function verdictOf(m: Metric, d: number, digits: number): DiffCell['verdict'] {
  if (!Number.isFinite(d) || Number(Math.abs(d).toFixed(digits)) === 0 || m.better === 'neither') return 'same'
  return (d < 0) === (m.better === 'lower') ? 'better' : 'worse'
}

export function differenceRows(summaries: readonly (SummaryJson | null)[], metrics: readonly Metric[] = METRICS): DiffRow[] {
  return metrics.map((metric) => {
    const values = summaries.map((s) => (s === null ? Number.NaN : summaryValue(s, metric.id)))
    const base = values[0] * metric.scale
    return {
      metric,
      cells: values.map((value, k) => {
        const cell: DiffCell = { value, text: formatMetric(metric, value) }
        if (k > 0) {
          const delta = value * metric.scale - base
          cell.delta = delta
          cell.deltaText = formatDelta(metric, delta)
          cell.verdict = verdictOf(metric, delta, metric.digits)
        }
        return cell
      }),
    }
  })
}
