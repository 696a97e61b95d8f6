// The difference summary: each metric on every side, and each side's difference from the first,
// from the engine's full-run summaries (the same numbers `aqm-cli run` prints). With replications
// (seeds seed, seed+1, …), each value is the mean over a side's runs with its 95 % confidence interval
// (Student t, docs/replications.md), and a difference whose intervals overlap is not called better or
// worse: the runs do not tell the two sides apart.
import { interval, overlaps, type Interval } from '../stats/replicate'
import { formatMetric, METRICS, type Metric, type SummaryJson } from '../engine/summary'
import { metricValue } from './causes'

export interface DiffCell {
  /** The mean over the side's runs (the one run's value without replications). */
  value: number
  /** 95 % half-width of the mean, in the engine's unit; NaN with fewer than two runs. */
  ci95: number
  n: number
  text: string
  /** Difference from side 0, in the metric's shown unit; absent for side 0. */
  delta?: number
  deltaText?: string
  /** Whether the difference is an improvement by the metric's own sense ("lower delay is better"). */
  verdict?: 'better' | 'worse' | 'same'
  /** With two or more runs a side: whether its interval overlaps side 0's (no significant difference). */
  overlap?: boolean
  /** Two or more runs that all gave the same value: one number, not an estimate with an interval. */
  identical: boolean
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

/** Whether an interval's runs (two or more) all gave the same value: its width is zero. */
export const zeroWidth = (i: Interval): boolean => i.n >= 2 && i.ci95 === 0

/** "67.4 ± 1.2" in the metric's shown unit; the bare value with one run, or with identical runs. */
export function formatInterval(m: Metric, i: Interval): string {
  const v = formatMetric(m, i.mean)
  return Number.isFinite(i.ci95) && Number.isFinite(i.mean) && !zeroWidth(i)
    ? `${v} ± ${(i.ci95 * m.scale).toFixed(m.digits)}`
    : v
}

function verdictOf(m: Metric, d: number, digits: number): DiffCell['verdict'] {
  if (!Number.isFinite(d) || Number(Math.abs(d).toFixed(digits)) === 0 || m.better === 'neither') return 'same'
  return d < 0 === (m.better === 'lower') ? 'better' : 'worse'
}

/** One row per metric over every side's runs (an empty list: that side has no result yet). */
export function replicatedRows(
  runs: readonly (readonly SummaryJson[])[],
  metrics: readonly Metric[] = METRICS,
): DiffRow[] {
  return metrics.map((metric) => {
    const intervals = runs.map((side) => interval(side.map((s) => metricValue(s, metric))))
    const base = intervals[0]
    return {
      metric,
      cells: intervals.map((i, k) => {
        const cell: DiffCell = {
          value: i.mean,
          ci95: i.ci95,
          n: i.n,
          text: formatInterval(metric, i),
          identical: zeroWidth(i),
        }
        if (k > 0) {
          const delta = (i.mean - base.mean) * metric.scale
          cell.delta = delta
          cell.deltaText = formatDelta(metric, delta)
          // Two sides whose runs are each one repeated number: no interval tells noise from a difference,
          // so no difference is called significant or not, better or worse.
          const exact = zeroWidth(i) && zeroWidth(base)
          const replicated = i.n >= 2 && base.n >= 2 && !exact
          cell.overlap = replicated ? overlaps(base, i) : undefined
          cell.verdict = exact || cell.overlap === true ? 'same' : verdictOf(metric, delta, metric.digits)
        }
        return cell
      }),
    }
  })
}

/** The single-run table: one summary a side (null: not finished). */
export function differenceRows(
  summaries: readonly (SummaryJson | null)[],
  metrics: readonly Metric[] = METRICS,
): DiffRow[] {
  return replicatedRows(
    summaries.map((s) => (s === null ? [] : [s])),
    metrics,
  )
}

/** The table as CSV: per side its mean and 95 % half-width, per other side its difference from A. */
export function differenceCsv(labels: readonly string[], rows: readonly DiffRow[]): string {
  const cell = (v: string) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v)
  const num = (v: number | undefined) => (v !== undefined && Number.isFinite(v) ? String(v) : '')
  const letters = labels.map((_, k) => String.fromCharCode(65 + k))
  const head = [
    'metric',
    ...labels.flatMap((l, k) => [`${letters[k]}: ${l}`, `${letters[k]} ci95`, `${letters[k]} runs`]),
    ...letters.slice(1).flatMap((b) => [`${b} - A`, `${b} vs A significant`]),
  ]
  const lines = rows.map((r) => [
    r.metric.id,
    ...r.cells.flatMap((c) => [num(c.value * r.metric.scale), num(c.ci95 * r.metric.scale), String(c.n)]),
    ...r.cells.slice(1).flatMap((c) => [num(c.delta), c.overlap === undefined ? '' : c.overlap ? 'no' : 'yes']),
  ])
  return [head, ...lines].map((l) => l.map(cell).join(',')).join('\n') + '\n'
}

/**
 * The sides (indices) whose two or more runs are identical in every metric they define: the seed changes
 * nothing in them (no random element: fixed RTTs, no random drops, no random start times).
 */
export function identicalSides(runs: readonly (readonly SummaryJson[])[], rows: readonly DiffRow[]): number[] {
  return runs.flatMap((side, k) =>
    side.length >= 2 && rows.every((r) => !Number.isFinite(r.cells[k].value) || r.cells[k].identical) ? [k] : [],
  )
}
