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
import { parseSummary, summaryValue } from './summary'
import { getOwn } from '../scenario/json'

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

function counts(x: unknown): Record<string, number> {
  if (typeof x !== 'object' || x === null) return {}
  return Object.fromEntries(Object.entries(x).filter((e): e is [string, number] => typeof e[1] === 'number'))
}

function histogramOf(x: unknown): { delay_histogram?: RunSummary['delay_histogram'] } {
  const h = parseHistogram(x)
  return h === null ? {} : { delay_histogram: h }
}

/** The page's subset of the engine's `summary()`, read from the one parse of it (engine/summary.ts). */
export function parseRunSummary(json: string): RunSummary {
  const v = parseSummary(json)
  const at = (id: string) => summaryValue(v, id)
  return {
    measured_from_s: at('measured_from_s'),
    measured_to_s: at('measured_to_s'),
    mean_queue_pkts: at('mean_queue_pkts'),
    delay_ms: { mean: at('delay_ms.mean'), p50: at('delay_ms.p50'), p95: at('delay_ms.p95'), p99: at('delay_ms.p99') },
    ...histogramOf(getOwn(v, 'delay_histogram')),
    flows: parseFlowResults(getOwn(v, 'flows')),
    utilisation: at('utilisation'),
    total_goodput_payload_mbps: at('total_goodput_payload_mbps'),
    total_goodput_mbps: at('total_goodput_mbps'),
    total_received_payload_mbps: at('total_received_payload_mbps'),
    jain: at('jain'),
    min_max_fairness_pct: at('min_max_fairness_pct'),
    sync: { index: at('sync.index'), random: at('sync.random'), excess: at('sync.excess') },
    drops_by_reason: counts(getOwn(v, 'drops_by_reason')),
    marks_by_reason: counts(getOwn(v, 'marks_by_reason')),
  }
}

/** Returns the scenario JSON with its `aqm` field replaced; other fields stay untouched. */
export function withAqm(scenarioJson: string, aqm: AqmConfig): string {
  const v: unknown = JSON.parse(scenarioJson)
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new Error('scenario is not a JSON object')
  return JSON.stringify({ ...v, aqm })
}
