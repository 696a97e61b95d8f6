// The parameters a sweep can vary, by path into the scenario, and which sides each applies to.
import { getAll, setAll, toObject, type JsonObject } from '../scenario/json'

export interface SweepParam {
  path: string
  /** i18n key under teach:param. */
  key: string
  integer: boolean
}

export const SWEEP_PARAMS: readonly SweepParam[] = [
  { path: 'link.buffer', key: 'buffer', integer: true },
  { path: 'link.rate_mbps', key: 'rate', integer: false },
  { path: 'link.delay_ms', key: 'delay', integer: false },
  { path: 'flows[0].count', key: 'flows0', integer: true },
  { path: 'flows[*].count', key: 'flows_all', integer: true },
  { path: 'flows[*].rwnd', key: 'rwnd', integer: true },
  { path: 'aqm.min_th', key: 'min_th', integer: false },
  { path: 'aqm.max_th', key: 'max_th', integer: false },
  { path: 'aqm.max_p', key: 'max_p', integer: false },
  { path: 'aqm.w_q', key: 'w_q', integer: false },
  { path: 'aqm.target', key: 'target', integer: false },
  { path: 'aqm.interval', key: 'interval', integer: false },
  { path: 'aqm.qdelay_ref', key: 'qdelay_ref', integer: false },
  { path: 'aqm.q_ref', key: 'q_ref', integer: false },
  { path: 'seed', key: 'seed', integer: true },
]

export function paramByPath(path: string): SweepParam {
  return SWEEP_PARAMS.find((p) => p.path === path) ?? { path, key: '', integer: false }
}

/**
 * Whether sweeping `path` means something on this side: an algorithm parameter only where the side's
 * algorithm has it set; any other field wherever its object exists (a default can be overridden).
 */
export function appliesTo(scenario: JsonObject, path: string): boolean {
  if (path.startsWith('aqm.')) return getAll(scenario, path).length > 0
  return setAll(toObject(scenario), path, 0) > 0
}

/** Whether every current value at `path` is a whole number (so typed ranges are rounded). */
export function isWholeNumber(scenario: JsonObject, path: string): boolean {
  const p = SWEEP_PARAMS.find((x) => x.path === path)
  if (p !== undefined) return p.integer
  const values = getAll(scenario, path)
  return values.length > 0 && values.every((v) => typeof v === 'number' && Number.isInteger(v))
}
