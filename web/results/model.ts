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

// t_{0.975, ν} for ν = 1…30, as the engine's src/stats.rs tabulates it.
const T975 = [
  12.706205, 4.302653, 3.182446, 2.776445, 2.570582, 2.446912, 2.364624, 2.306004, 2.262157, 2.228139, 2.200985, 2.178813,
  2.160369, 2.144787, 2.13145, 2.119905, 2.109816, 2.100922, 2.093024, 2.085963, 2.079614, 2.073873, 2.068658, 2.063899,
  2.059539, 2.055529, 2.051831, 2.048407, 2.04523, 2.042272,
]

/** Student's t 0.975 quantile with `df` degrees of freedom; beyond 30 the Cornish–Fisher series (A&S 26.7.5). */
export function studentT975(df: number): number {
  if (!(df >= 1) || !Number.isInteger(df)) return Number.NaN
  if (df <= 30) return T975[df - 1]
  const z = 1.959963984540054
  const [z3, z5, z7, z9] = [z ** 3, z ** 5, z ** 7, z ** 9]
  const v = df
  return (
    z +
    (z3 + z) / 4 / v +
    (5 * z5 + 16 * z3 + 3 * z) / 96 / v ** 2 +
    (3 * z7 + 19 * z5 + 17 * z3 - 15 * z) / 384 / v ** 3 +
    (79 * z9 + 776 * z7 + 1482 * z5 - 1920 * z3 - 945 * z) / 92160 / v ** 4
  )
}

/** Mean and 95 % half-width t_{0.975,k−1}·s/√k over k replications, as `aqm-cli sweep --seeds k` prints them. */
export function meanCi95(x: readonly number[]): { mean: number; ci95: number } {
  const k = x.length
  if (k === 0) return { mean: Number.NaN, ci95: Number.NaN }
  if (x.every((v) => v === x[0])) return { mean: x[0], ci95: k === 1 ? Number.NaN : 0 }
  const mean = x.reduce((a, b) => a + b, 0) / k
  const s2 = x.reduce((a, v) => a + (v - mean) ** 2, 0) / (k - 1)
  return { mean, ci95: (studentT975(k - 1) * Math.sqrt(s2)) / Math.sqrt(k) }
}
