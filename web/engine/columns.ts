// What each trace column is, as the engine declares it (web/contract/engine.ts, `trace_columns`, from
// engine-wasm/src/catalog.rs): a chart or a buffer asks here instead of matching names.
import { catalog, type ColumnKind, type TraceColumn } from '../contract/engine'

/** The declaration a column name belongs to (`thr_3` → `thr_<flow>`); undefined for a name the engine never writes. */
export function columnSpec(name: string): TraceColumn | undefined {
  return catalog.trace_columns.find((c) => {
    const at = c.name.indexOf('<')
    if (at < 0) return c.name === name
    const rest = name.startsWith(c.name.slice(0, at)) ? name.slice(at) : ''
    if (rest === '') return false
    return c.per_flow ? /^\d+$/.test(rest) : catalog.reasons.some((r) => r === rest)
  })
}

function kindOf(name: string): ColumnKind | undefined {
  return columnSpec(name)?.kind
}

/** Events counted per sample interval: merged rows add them up. */
export function isCountColumn(name: string): boolean {
  return kindOf(name) === 'count'
}

/** Columns whose running totals are kept (counts and rates), so any span's sum or mean is one subtraction. */
export function isCumulativeColumn(name: string): boolean {
  const kind = kindOf(name)
  return kind === 'count' || kind === 'rate'
}

/** Columns the queue discipline writes (its state and decisions). */
export function isAqmColumn(name: string): boolean {
  return columnSpec(name)?.written_by === 'aqm'
}

/** The page's trace column of a traced state entry (`StateSpec::traced`, sampled beside the engine's trace). */
export function stateColumn(name: string): string {
  return `state_${name}`
}

/** A traced state column: not part of the engine's trace (or its digests). */
export function isStateColumn(name: string): boolean {
  return name.startsWith('state_') && columnSpec(name) === undefined
}
