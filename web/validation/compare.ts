// How the Validation page compares this engine with ns-3: the same metrics, tolerances and verdicts as
// engine-wasm/tests/validation_ns3.rs (docs/validation.md), so the page and `cargo test` agree.

export type Kind = 'relative' | 'absolute'

export interface ValidationMetric {
  /** Key in the case's ns3.metrics and in `expect`. */
  id: string
  /** Path of the engine's number in its run summary (Simulation.summary()). */
  summaryPath: string
  kind: Kind
  tolerance: number
  /** Compared only when ns-3's value is at least this (too few drops say nothing). */
  minReference: number
  /** Shown = value × scale. */
  scale: number
  digits: number
}

export const VALIDATION_METRICS: readonly ValidationMetric[] = [
  {
    id: 'goodput_mbps',
    summaryPath: 'total_goodput_mbps',
    kind: 'relative',
    tolerance: 0.05,
    minReference: 0,
    scale: 1,
    digits: 3,
  },
  {
    id: 'utilisation',
    summaryPath: 'utilisation',
    kind: 'relative',
    tolerance: 0.05,
    minReference: 0,
    scale: 100,
    digits: 1,
  },
  {
    id: 'mean_queue_pkts',
    summaryPath: 'mean_queue_pkts',
    kind: 'relative',
    tolerance: 0.1,
    minReference: 0,
    scale: 1,
    digits: 1,
  },
  {
    id: 'mean_delay_ms',
    summaryPath: 'delay_ms.mean',
    kind: 'relative',
    tolerance: 0.1,
    minReference: 0,
    scale: 1,
    digits: 2,
  },
  { id: 'drops', summaryPath: 'drops', kind: 'relative', tolerance: 0.15, minReference: 100, scale: 1, digits: 0 },
  { id: 'jain', summaryPath: 'jain', kind: 'absolute', tolerance: 0.03, minReference: 0, scale: 1, digits: 3 },
]

/** A recorded gap must still be within this share of the tolerance of what it was. */
export const GAP_SLACK = 0.5

/** Signed difference of ours from ns-3 as the metric compares them; null when not comparable. */
export function difference(m: ValidationMetric, ours: number, reference: number): number | null {
  if (!Number.isFinite(ours) || !Number.isFinite(reference) || reference < m.minReference) return null
  if (m.kind === 'absolute') return ours - reference
  if (reference === 0) return ours === 0 ? 0 : Number.POSITIVE_INFINITY
  return (ours - reference) / reference
}

export type Verdict = 'agree' | 'miss' | 'known_gap' | 'gap_moved' | 'not_compared'

export function judge(m: ValidationMetric, diff: number | null, recorded: number | null): Verdict {
  if (diff === null) return 'not_compared'
  if (recorded === null) return Math.abs(diff) <= m.tolerance ? 'agree' : 'miss'
  return Math.abs(diff - recorded) <= GAP_SLACK * m.tolerance ? 'known_gap' : 'gap_moved'
}

/** The band the engine's value must fall in to agree: [lo, hi] around ns-3's value. */
export function toleranceBand(m: ValidationMetric, reference: number): [number, number] {
  const half = m.kind === 'absolute' ? m.tolerance : Math.abs(reference) * m.tolerance
  return [reference - half, reference + half]
}

export function formatValue(m: ValidationMetric, v: number): string {
  return Number.isFinite(v) ? (v * m.scale).toFixed(m.digits) : '–'
}

export function formatDifference(m: ValidationMetric, d: number | null): string {
  if (d === null) return '–'
  if (!Number.isFinite(d)) return '∞'
  const sign = d > 0 ? '+' : d < 0 ? '−' : '±'
  return m.kind === 'relative' ? `${sign}${Math.abs(100 * d).toFixed(1)} %` : `${sign}${Math.abs(d).toFixed(3)}`
}
