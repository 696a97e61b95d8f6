// Sweep results as CSV: one row per grid point, the engine's numbers in JavaScript's shortest exact
// form (they read back to the same doubles), empty where a run failed or a metric is undefined.
import { summaryValue, type SummaryJson } from './summary'

export interface CsvRow {
  side: string
  x: number
  summary: SummaryJson | null
  error?: string
}

function cell(v: string): string {
  return /[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v
}

export function toCsv(param: string, metrics: readonly string[], rows: readonly CsvRow[]): string {
  const head = ['side', param, ...metrics, 'error'].map(cell).join(',')
  const lines = rows.map((r) => {
    const values = metrics.map((m) => {
      const v = r.summary === null ? Number.NaN : summaryValue(r.summary, m)
      return Number.isFinite(v) ? String(v) : ''
    })
    return [cell(r.side), String(r.x), ...values, cell(r.error ?? '')].join(',')
  })
  return [head, ...lines].join('\n') + '\n'
}
