// Turns the engine's JSON strings into checked, typed values. Used by the worker; pure, so
// unit-tested in Node without the wasm module.
import {
  isAlgorithmInfo,
  isAqmConfig,
  type AlgorithmInfo,
  type AqmConfig,
  type AqmState,
  type Curve,
  type RunSummary,
} from './protocol'
import { parseFlowResults, parseHistogram } from './resultsModel'

export function parseAlgorithms(json: string): AlgorithmInfo[] {
  const v: unknown = JSON.parse(json)
  if (!Array.isArray(v) || !v.every(isAlgorithmInfo)) {
    throw new Error('engine algorithms(): unexpected shape')
  }
  return v
}

export function parseColumns(json: string): string[] {
  const v: unknown = JSON.parse(json)
  if (!Array.isArray(v) || !v.every((c): c is string => typeof c === 'string')) {
    throw new Error('engine columns(): expected an array of strings')
  }
  return v
}

export function parseAqm(json: string): AqmConfig {
  const v: unknown = JSON.parse(json)
  if (!isAqmConfig(v)) throw new Error('engine aqm(): expected {"kind": ..., params}')
  return v
}

/** Keeps numeric fields; booleans become 0/1; anything else (strings, nested) is dropped. */
export function parseState(json: string): AqmState {
  const v: unknown = JSON.parse(json)
  const out: AqmState = {}
  if (typeof v !== 'object' || v === null) return out
  for (const [k, x] of Object.entries(v)) {
    if (typeof x === 'number') out[k] = x
    else if (typeof x === 'boolean') out[k] = x ? 1 : 0
  }
  return out
}

/** {flow: state} from the engine's model_states(); each state as parseState keeps it. */
export function parseFlowStates(json: string): Record<string, AqmState> {
  const v: unknown = JSON.parse(json)
  const out: Record<string, AqmState> = {}
  if (typeof v !== 'object' || v === null) return out
  for (const [k, x] of Object.entries(v)) out[k] = parseState(JSON.stringify(x))
  return out
}

/** `null` when the algorithm has no drop-probability curve; malformed points are dropped. */
export function parseCurve(json: string): Curve | null {
  const v: unknown = JSON.parse(json)
  if (!Array.isArray(v)) return null
  const out: Curve = []
  for (const pt of v) {
    if (Array.isArray(pt) && typeof pt[0] === 'number' && typeof pt[1] === 'number') out.push([pt[0], pt[1]])
  }
  return out
}

/** A number, or NaN for the engine's null (how serde writes NaN) and anything else. */
const num = (x: unknown): number => (typeof x === 'number' ? x : Number.NaN)

function counts(x: unknown): Record<string, number> {
  if (typeof x !== 'object' || x === null) return {}
  return Object.fromEntries(Object.entries(x).filter((e): e is [string, number] => typeof e[1] === 'number'))
}

function field(x: unknown, key: string): unknown {
  return typeof x === 'object' && x !== null && key in x ? Object.getOwnPropertyDescriptor(x, key)?.value : undefined
}

function histogramOf(x: unknown): { delay_histogram?: RunSummary['delay_histogram'] } {
  const h = parseHistogram(x)
  return h === null ? {} : { delay_histogram: h }
}

/** The page's subset of the engine's `summary()`. */
export function parseRunSummary(json: string): RunSummary {
  const v: unknown = JSON.parse(json)
  if (typeof v !== 'object' || v === null || Array.isArray(v) || !('utilisation' in v)) {
    throw new Error('engine summary(): unexpected shape')
  }
  const sync = field(v, 'sync')
  return {
    measured_from_s: num(field(v, 'measured_from_s')),
    measured_to_s: num(field(v, 'measured_to_s')),
    mean_queue_pkts: num(field(v, 'mean_queue_pkts')),
    delay_ms: {
      mean: num(field(field(v, 'delay_ms'), 'mean')),
      p50: num(field(field(v, 'delay_ms'), 'p50')),
      p95: num(field(field(v, 'delay_ms'), 'p95')),
      p99: num(field(field(v, 'delay_ms'), 'p99')),
    },
    ...histogramOf(field(v, 'delay_histogram')),
    flows: parseFlowResults(field(v, 'flows')),
    utilisation: num(field(v, 'utilisation')),
    total_goodput_payload_mbps: num(field(v, 'total_goodput_payload_mbps')),
    total_goodput_mbps: num(field(v, 'total_goodput_mbps')),
    jain: num(field(v, 'jain')),
    min_max_fairness_pct: num(field(v, 'min_max_fairness_pct')),
    sync: { index: num(field(sync, 'index')), random: num(field(sync, 'random')), excess: num(field(sync, 'excess')) },
    drops_by_reason: counts(field(v, 'drops_by_reason')),
    marks_by_reason: counts(field(v, 'marks_by_reason')),
  }
}

/** Returns the scenario JSON with its `aqm` field replaced; other fields stay untouched. */
export function withAqm(scenarioJson: string, aqm: AqmConfig): string {
  const v: unknown = JSON.parse(scenarioJson)
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new Error('scenario is not a JSON object')
  return JSON.stringify({ ...v, aqm })
}
