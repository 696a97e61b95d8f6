// Sweep results as CSV: one row per grid point, the engine's numbers in JavaScript's shortest exact
// form (they read back to the same doubles), empty where a run failed or a metric is undefined. With
// replications, each metric is the mean over the point's runs, followed by its 95 % half-width
// (`<metric>_ci95`) and a `runs` column counting the runs that finished.
import { interval } from '../stats/replicate'
import { summaryValue, type SummaryJson } from '../engine/summary'

export interface CsvRow {
  side: string
  x: number
  /** The second parameter's value in a 2-D sweep. */
  y?: number
  /** The point's runs that finished (one per seed). */
  summaries: SummaryJson[]
  error?: string
}

function cell(v: string): string {
  return /[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v
}

const num = (v: number) => (Number.isFinite(v) ? String(v) : '')

/** `params`: the swept path, and the second one in a 2-D sweep; `runs`: replications per point. */
export function toCsv(
  params: readonly string[],
  metrics: readonly string[],
  rows: readonly CsvRow[],
  runs = 1,
): string {
  const replicated = runs > 1
  const metricHead = metrics.flatMap((m) => (replicated ? [m, `${m}_ci95`] : [m]))
  const head = ['side', ...params, ...(replicated ? ['runs'] : []), ...metricHead, 'error'].map(cell).join(',')
  const lines = rows.map((r) => {
    const values = metrics.flatMap((m) => {
      const i = interval(r.summaries.map((s) => summaryValue(s, m)))
      return replicated ? [num(i.mean), num(i.ci95)] : [num(i.mean)]
    })
    const coords = params.length > 1 ? [String(r.x), r.y === undefined ? '' : String(r.y)] : [String(r.x)]
    return [
      cell(r.side),
      ...coords,
      ...(replicated ? [String(r.summaries.length)] : []),
      ...values,
      cell(r.error ?? ''),
    ].join(',')
  })
  return [head, ...lines].join('\n') + '\n'
}
