// The engine's run summary (Simulation.summary(), `aqm-cli run/sweep`) as the page reads it: the parsed
// JSON object kept as is, and the metrics the sweep plots and compare mode tabulates, read by path.
// The values are the engine's own numbers (no rounding on the way), so a plot can be checked against
// the native CLI exactly. NaN is written as null by the engine and read back as NaN.
import { catalog } from '../contract/engine'
import { getAt, getOwn, parseObject, type JsonObject } from '../scenario/json'

export type SummaryJson = Readonly<JsonObject>

/** The engine's summary JSON, checked to be one (the one parser of it: the live lab's RunSummary reads this). */
export function parseSummary(json: string): SummaryJson {
  const v = parseObject(json)
  if (v === null || getOwn(v, 'utilisation') === undefined) throw new Error('engine summary(): unexpected shape')
  return v
}

/**
 * The number at a metric id (`delay_ms.mean`, `flows.0.goodput_mbps`: dotted, a flow by its index, as links
 * and the CLI name metrics); NaN when absent or null.
 */
export function summaryValue(summary: SummaryJson, id: string): number {
  const v = getAt(
    summary,
    id.split('.').map((k) => (/^\d+$/.test(k) ? Number(k) : k)),
  )
  return typeof v === 'number' ? v : Number.NaN
}

export interface Metric {
  /** Path into the summary. */
  id: string
  /** i18n key under teach:metric. */
  key: string
  /** Shown = value × scale (utilisation as %). */
  scale: number
  digits: number
  /** Whether a larger value is better, for the difference summary's wording. */
  better: 'higher' | 'lower' | 'neither'
}

/** Whether more is better, as the engine declares each summary metric (`summary_metrics`). */
function better(id: string): Metric['better'] {
  return catalog.summary_metrics.find((m) => m.path === id)?.better ?? 'neither'
}

/** How the page shows each metric it plots; whether more is better is the engine's word. */
const SHOWN: readonly Omit<Metric, 'better'>[] = [
  { id: 'mean_queue_pkts', key: 'mean_queue', scale: 1, digits: 1 },
  { id: 'std_queue_pkts', key: 'std_queue', scale: 1, digits: 1 },
  { id: 'delay_ms.mean', key: 'delay_mean', scale: 1, digits: 1 },
  { id: 'delay_ms.p95', key: 'delay_p95', scale: 1, digits: 1 },
  { id: 'utilisation', key: 'utilisation', scale: 100, digits: 1 },
  // Goodput is payload (headers excluded); the wire figure stays for older links and for seed 002's cells.
  { id: 'total_goodput_payload_mbps', key: 'goodput_payload', scale: 1, digits: 3 },
  { id: 'total_goodput_mbps', key: 'goodput', scale: 1, digits: 3 },
  { id: 'jain', key: 'jain', scale: 1, digits: 3 },
  { id: 'min_max_fairness_pct', key: 'min_max', scale: 1, digits: 1 },
  { id: 'sync.excess', key: 'sync', scale: 1, digits: 2 },
  { id: 'drop_rate', key: 'drop_rate', scale: 100, digits: 2 },
]

export const METRICS: readonly Metric[] = SHOWN.map((m) => ({ ...m, better: better(m.id) }))

/** Per-flow payload goodput metrics for the first `n` flows (seed 001's "sender 1", seed 004's Reno and Vegas). */
export function flowMetrics(n: number, wire = false): Metric[] {
  return Array.from({ length: n }, (_, i) => ({
    id: wire ? `flows.${i}.goodput_mbps` : `flows.${i}.goodput_payload_mbps`,
    key: wire ? 'flow_goodput_wire' : 'flow_goodput',
    scale: 1,
    digits: 3,
    better: 'neither' as const,
  }))
}

export function flowIndexOf(metricId: string): number | null {
  const m = /^flows\.(\d+)\./.exec(metricId)
  return m === null ? null : Number(m[1])
}

export function metricById(id: string): Metric | undefined {
  const flow = flowIndexOf(id)
  if (flow === null) return METRICS.find((m) => m.id === id)
  // Links written before payload goodput name the wire figure, `flows.N.goodput_mbps`.
  return [flowMetrics(flow + 1)[flow], flowMetrics(flow + 1, true)[flow]].find((m) => m.id === id)
}

export function formatMetric(m: Metric, v: number): string {
  return Number.isFinite(v) ? (v * m.scale).toFixed(m.digits) : '–'
}
