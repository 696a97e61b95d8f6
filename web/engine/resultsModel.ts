// Per-flow results and the queueing-delay histogram as the engine's summary carries them (docs/results.md),
// read defensively from its JSON, plus what the page computes from them: histogram merge across runs,
// quantile bins, CDF points, and the Student-t interval of a mean over replications. Shared by the per-flow
// table, the delay CDF, the exporters and the replication views.

/** One flow's row of `summary().flows`, with the engine's names; NaN where the engine has none (null). */
export interface FlowResult {
  id: number
  group: number
  tcp: string
  base_rtt_ms: number
  goodput_payload_mbps: number
  throughput_mbps: number
  /** Fractions of the link capacity. */
  link_share: number
  fair_share: number
  loss_rate: number
  retransmits: number
  timeouts: number
  mean_rtt_ms: number
  /** Mean queueing delay of the flow's packets. */
  delay_ms: number
  cwnd_mean: number
}

/** `counts[k]` delays in [edges_ms[k], edges_ms[k+1]); one more edge than counts. */
export interface DelayHistogram {
  edges_ms: number[]
  counts: number[]
}

export const FLOW_FIELDS = [
  'goodput_payload_mbps',
  'link_share',
  'fair_share',
  'loss_rate',
  'retransmits',
  'timeouts',
  'mean_rtt_ms',
  'delay_ms',
  'cwnd_mean',
] as const satisfies ReadonlyArray<keyof FlowResult>
export type FlowField = (typeof FLOW_FIELDS)[number]

const isObj = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x)
/** A number, or NaN for serde's null (a NaN in the engine) and anything else. */
const num = (x: unknown): number => (typeof x === 'number' ? x : Number.NaN)

export function parseFlowResults(x: unknown): FlowResult[] {
  if (!Array.isArray(x)) return []
  return x.filter(isObj).map((f) => ({
    id: num(f.id),
    group: num(f.group),
    tcp: typeof f.tcp === 'string' ? f.tcp : '',
    base_rtt_ms: num(f.base_rtt_ms),
    goodput_payload_mbps: num(f.goodput_payload_mbps),
    throughput_mbps: num(f.throughput_mbps),
    link_share: num(f.link_share),
    fair_share: num(f.fair_share),
    loss_rate: num(f.loss_rate),
    retransmits: num(f.retransmits),
    timeouts: num(f.timeouts),
    mean_rtt_ms: num(f.mean_rtt_ms),
    delay_ms: num(f.delay_ms),
    cwnd_mean: num(f.cwnd_mean),
  }))
}

/** The histogram, or null when it is missing or its edges and counts do not fit together. */
export function parseHistogram(x: unknown): DelayHistogram | null {
  if (!isObj(x) || !Array.isArray(x.edges_ms) || !Array.isArray(x.counts)) return null
  const edges = x.edges_ms
  const counts = x.counts
  if (edges.length !== counts.length + 1) return null
  if (!edges.every((e) => typeof e === 'number') || !counts.every((c) => typeof c === 'number' && c >= 0)) return null
  return { edges_ms: edges as number[], counts: counts as number[] }
}

export function isHistogram(x: unknown): x is DelayHistogram {
  return parseHistogram(x) !== null
}

/**
 * Runs merged by adding counts: exact, as every run has the same edges (the engine's fixed bins). Throws
 * if the edges differ (histograms from another engine version).
 */
export function mergeHistograms(hs: readonly DelayHistogram[]): DelayHistogram | null {
  if (hs.length === 0) return null
  const [first, ...rest] = hs
  const counts = [...first.counts]
  for (const h of rest) {
    if (h.edges_ms.length !== first.edges_ms.length || h.edges_ms.some((e, i) => e !== first.edges_ms[i])) {
      throw new Error('delay histograms with different bins cannot be merged')
    }
    h.counts.forEach((c, i) => (counts[i] += c))
  }
  return { edges_ms: [...first.edges_ms], counts }
}

export function total(h: DelayHistogram): number {
  return h.counts.reduce((a, b) => a + b, 0)
}

/** The bin [lo, hi) in ms holding the ⌈q·n⌉-th smallest delay (the summary's percentile rule); null if empty. */
export function quantileBin(h: DelayHistogram, q: number): [number, number] | null {
  const n = total(h)
  if (n === 0) return null
  const target = Math.max(1, Math.ceil(q * n))
  let seen = 0
  for (let k = 0; k < h.counts.length; k++) {
    seen += h.counts[k]
    if (seen >= target) return [h.edges_ms[k], h.edges_ms[k + 1]]
  }
  return null
}

/**
 * The empirical CDF at the bins' upper edges: [edge, fraction of delays below it], from the first
 * non-empty bin to the last (bin 0, delays under 0.01 ms, is drawn at 0.01 ms). Empty for no delays.
 */
export function cdfPoints(h: DelayHistogram): Array<[number, number]> {
  const n = total(h)
  if (n === 0) return []
  const first = h.counts.findIndex((c) => c > 0)
  let last = h.counts.length - 1
  while (last > 0 && h.counts[last] === 0) last--
  const out: Array<[number, number]> = [[h.edges_ms[Math.max(first, 1)], 0]]
  let seen = 0
  for (let k = 0; k <= last; k++) {
    seen += h.counts[k]
    if (k >= first) out.push([h.edges_ms[k + 1], seen / n])
  }
  return out
}

// Replication statistics (mean, Student-t 95 % interval) live in web/stats/replicate.ts.
