// Drops and marks as rates over time, split by cause when the trace has per-cause columns
// (drops_overflow, drops_early, marks_early, ...), else into drops and ECN marks.
import type { AlgorithmInfo } from '../engine/protocol'
import { catalog } from '../contract/engine'
import { columnSpec } from '../engine/columns'
import type { Rows } from '../engine/samples'
import { bucketEdges } from './scales'

export interface EventSeries {
  column: string
  /** i18n key of its legend label; `reason` fills it in. */
  labelKey: string
  reason: string
  /** Every cause the column counts for the running algorithm, its own first (DualPI2's `early` column also
   *  holds its `overload` drops: the engine's `reason_columns`). */
  causes: string[]
  /** Index into the chart's bar colours. */
  colour: number
  cssColour: string
}

const CSS = [
  'var(--c-series-4)',
  'var(--c-series-2)',
  'var(--c-series-5)',
  'var(--c-series-6)',
  'var(--c-series-1)',
  'var(--c-series-3)',
]

/**
 * The drop and mark series to show: each cause the running algorithm declares it can report (engine
 * `AlgorithmInfo::drop_causes` / `mark_causes`) that the trace has a column for; without a declaration,
 * every cause the trace has. A trace without per-cause columns shows drops and marks.
 */
export function eventSeries(
  columns: readonly string[],
  info?: Pick<AlgorithmInfo, 'drop_causes' | 'mark_causes'>,
): EventSeries[] {
  const byCause = columns.flatMap((column) => {
    const spec = columnSpec(column)
    if (spec?.per_reason !== true) return []
    const kind = spec.name.slice(0, spec.name.indexOf('<') - 1)
    const reason = column.slice(kind.length + 1)
    const list = kind === 'drops' ? info?.drop_causes : info?.mark_causes
    return list === undefined || list.includes(reason) ? [{ column, kind, reason }] : []
  })
  const chosen =
    byCause.length > 0
      ? byCause
      : columns.filter((c) => c === 'drops' || c === 'marks').map((column) => ({ column, kind: column, reason: '' }))
  return chosen.map(({ column, kind, reason }, i) => {
    const labelKey = reason === '' ? `delay.${kind}` : `delay.${kind}_by`
    const colour = reason === '' && kind === 'marks' ? 3 : i
    const list = (kind === 'drops' ? info?.drop_causes : info?.mark_causes) ?? []
    const held = (c: string) => c !== reason && reasonColumn(c) === reason && !columns.includes(`${kind}_${c}`)
    const causes = reason === '' ? [] : [reason, ...list.filter(held)]
    return { column, labelKey, reason, causes, colour, cssColour: CSS[colour % CSS.length] }
  })
}

/** The reason whose trace column counts `cause` (the engine's catalogue, `reason_columns`). */
function reasonColumn(cause: string): string {
  const columns: Readonly<Record<string, string>> = catalog.reason_columns
  return columns[cause] ?? cause
}

export interface RateBar {
  t0: number
  t1: number
  /** Events per second of each series over (t0, t1]. */
  rates: number[]
}

/**
 * Rows [from, to) in about `buckets` bars: each bar's events per second, from the time before its
 * first row (the previous row's time, or one row interval back) to its last row's time.
 */
export function eventRates(
  rows: Rows,
  from: number,
  to: number,
  tCol: number,
  series: EventSeries[],
  buckets: number,
): RateBar[] {
  const edges = bucketEdges(from, to, buckets)
  const cols = series.map((s) => rows.columnIndex(s.column))
  const out: RateBar[] = []
  for (let b = 0; b + 1 < edges.length; b++) {
    const a = edges[b]
    const e = edges[b + 1]
    const t1 = rows.at(e - 1, tCol)
    let t0: number
    if (a > 0) t0 = rows.at(a - 1, tCol)
    else if (e - a > 1) t0 = rows.at(a, tCol) - (t1 - rows.at(a, tCol)) / (e - a - 1)
    else if (rows.length > 1) t0 = t1 - (rows.at(1, tCol) - rows.at(0, tCol))
    else continue
    const dt = t1 - t0
    if (!(dt > 0)) continue
    out.push({ t0, t1, rates: cols.map((c) => (c < 0 ? 0 : rows.rangeSum(a, e, c) / dt)) })
  }
  return out
}
