// The theory rows of the Validation page: closed-form results and published numbers that any correct TCP
// model must reproduce, each beside this engine's number for a scenario built to match the model's
// assumptions. The cases are one committed table (validation/theory.json), read here and by the native
// test engine-wasm/tests/theory.rs, which computes the same formulas and applies the same verdicts.
import table from '../../validation/theory.json'
import type { JsonObject } from '../scenario/json'

/** Which closed form a case checks (docs/theory.md). */
export type Model =
  | 'rfc8312_reno'
  | 'rfc8312_cubic'
  | 'mathis'
  | 'padhye'
  | 'bbr_loss'
  | 'pi_qref'
  | 'ware2019'
  | 'dctcp_k'
  | 'rfc9332_fluid'
  | 'rfc9332_cut'

export interface RecordedMiss {
  measured_diff: number
  /** i18n key under validation:theory.reason. */
  reason: string
}

export interface TheoryCase {
  id: string
  /** i18n key under validation:theory.source. */
  source: string
  model: Model
  /** Loss rate p of the model (the scenario's link.loss_rate). */
  p: number
  /** Round-trip time of the model, s (the scenario's base RTT). */
  rtt_s: number
  /** Segments acknowledged per ACK the model assumes (b: 1, or 2 with delayed ACKs). */
  b: number
  /** T₀ of the Padhye model, s. */
  rto_s?: number
  /** The bottleneck's rate of the BBR model, Mbit/s. */
  capacity_mbps?: number
  /** The PI controller's reference queue of the ns-2 suite's case, packets. */
  qref?: number
  /** Ware et al.'s X: the drop-tail buffer in bandwidth-delay products. */
  buffer_bdp?: number
  /** DCTCP's step-marking threshold K, packets. */
  k_pkts?: number
  /** DualPI2's coupling factor k. */
  coupling_k?: number
  /** DualPI2's classic delay target, s: the C queue's delay its PI holds. */
  target_s?: number
  /** The number the source prints, or null when it prints a formula only. */
  published: number | null
  /** Path of the engine's number in its run summary. */
  metric: string
  /** A second path: the engine's number is metric / divided_by (a ratio of two flows' numbers). */
  divided_by?: string
  /** The metric is a count over the measured window: divided by its length (duration − warm-up). */
  per_second?: boolean
  /** The unit of the formula and of the engine's number. */
  unit: 'segments' | 'packets/s' | 'Mbit/s' | 'packets' | 'share' | 'ratio'
  /** Relative tolerance around the formula's value. */
  tolerance: number
  scenario: JsonObject
  /** "agree", or a recorded miss: how far it was measured from the formula and why. */
  expect: 'agree' | RecordedMiss
}

/** RFC 8312 §5.1, Eqs. 5–7: C = 0.4, β_cubic = 0.7. */
export const CUBIC_C = 0.4
export const CUBIC_BETA = 0.7

/** RFC 8312's Tables 1–2 give standard TCP's average window as 1.2/√p (taken from RFC 3649). */
export function renoRfc8312(p: number): number {
  return 1.2 / Math.sqrt(p)
}

/** RFC 8312 Eq. 5: CUBIC's average window under deterministic loss, in the concave region. */
export function cubicEq5(p: number, rttS: number): number {
  return ((CUBIC_C * (3 + CUBIC_BETA)) / (4 * (1 - CUBIC_BETA))) ** 0.25 * (rttS ** 0.75 / p ** 0.75)
}

/** RFC 8312 Tables 1–2's CUBIC column: Eq. 6 or, where that is smaller, the TCP-friendly region's window. */
export function cubicRfc8312(p: number, rttS: number): number {
  return Math.max(cubicEq5(p, rttS), renoRfc8312(p))
}

/** Mathis et al. (1997): W = C/√p, C = √(3/(2b)): √(3/2) acknowledging every segment, √(3/4) every second. */
export function mathis(p: number, b: number): number {
  return Math.sqrt(3 / (2 * b)) / Math.sqrt(p)
}

/**
 * Padhye, Firoiu, Towsley, Kurose (1998), the approximate model as RFC 5348 §3.1 writes it with s = 1 packet: the send
 * rate with timeouts, packets per second.
 */
export function padhye(p: number, rttS: number, b: number, rtoS: number): number {
  const timeouts = rtoS * Math.min(1, 3 * Math.sqrt((3 * b * p) / 8)) * p * (1 + 32 * p * p)
  return 1 / (rttS * Math.sqrt((2 * b * p) / 3) + timeouts)
}

/**
 * BBR against random loss (Cardwell et al. 2016; draft-cardwell-iccrg-bbr-congestion-control §4.3.4): the probe at
 * pacing gain 1.25 still fills the link while 1.25·(1 − p) ≥ 1, so BtlBw stays at the capacity C and the flow delivers
 * (1 − p)·C, Mbit/s, for p below 1 − 1/1.25 = 20 %.
 */
export function bbrLoss(p: number, capacityMbps: number): number {
  return (1 - p) * capacityMbps
}

/**
 * Ware, Mukerjee, Seshan, Sherry (IMC 2019) §4: one BBR flow against loss-based flows in a full drop-tail queue of
 * q = X·c·l packets is held by its in-flight cap 2·BtlBw·RTprop, RTprop measured in ProbeRTT with the loss-based
 * flows' packets still queued. Loss-based share p = max(0, 1/2 − 1/(2X) − 4N/q) (Eq. 9, N = 1 BBR flow); BBR loses
 * the ProbeRTT wait q/c + 0.2 s + l every 10 s (Eq. 11). BBR's goodput, Mbit/s, whatever the number of CUBIC flows.
 */
export function ware2019(bufferBdp: number, baseRttS: number, capacityMbps: number, packetBytes = 1500): number {
  const c = (capacityMbps * 1e6) / (packetBytes * 8)
  const q = bufferBdp * c * baseRttS
  const p = Math.max(0, 0.5 - 1 / (2 * bufferBdp) - 4 / q)
  return (1 - p) * (1 - (q / c + 0.2 + baseRttS) / 10) * capacityMbps
}

/**
 * 1 + √3: window × mark probability of a scalable sender that cuts at most once per round trip under random marking
 * (docs/algorithms/dualpi2.md): a cycle adds 1 + 1/(p·W) segments and the cut takes p·W/2, so p·W/2 = 1 + 1/(p·W).
 * RFC 9332 §2.1's fluid model cuts in every round: p·W = 2.
 */
export const SCALABLE_ONCE_PER_ROUND = 1 + Math.sqrt(3)

/**
 * RFC 9332 §2.1: a classic window is 1.22/√p_C, a scalable one c/p_L; DualPI2 gives p_C = p′² and p_L = k·p′, so the
 * scalable window is c/(1.22·k) times the classic one. Rates are windows over RTTs; at equal base RTTs R the classic
 * flow's RTT also holds the C queue, which the PI holds at its target, the scalable flow's the L queue (well under a
 * millisecond). Prague's rate over Cubic's: c/(1.22·k) · (R + target)/R.
 */
export function rfc9332Ratio(c: number, k: number, baseRttS: number, targetS: number): number {
  return (c / (1.22 * k)) * ((baseRttS + targetS) / baseRttS)
}

/** The model's value for a case, in the case's unit. */
export function expected(
  c: Pick<
    TheoryCase,
    'model' | 'p' | 'rtt_s' | 'b' | 'rto_s' | 'capacity_mbps' | 'qref' | 'buffer_bdp' | 'coupling_k' | 'target_s'
  >,
): number {
  switch (c.model) {
    case 'rfc8312_reno':
      return renoRfc8312(c.p)
    case 'rfc8312_cubic':
      return cubicRfc8312(c.p, c.rtt_s)
    case 'mathis':
      return mathis(c.p, c.b)
    case 'padhye':
      return padhye(c.p, c.rtt_s, c.b, c.rto_s ?? Number.NaN)
    case 'bbr_loss':
      return bbrLoss(c.p, c.capacity_mbps ?? Number.NaN)
    case 'pi_qref':
      // PI's integral term leaves no steady-state error: the mean queue settles at q_ref (Hollot et al. 2001 §5).
      return c.qref ?? Number.NaN
    case 'ware2019':
      return ware2019(c.buffer_bdp ?? Number.NaN, c.rtt_s, c.capacity_mbps ?? Number.NaN)
    case 'dctcp_k':
      // Alizadeh et al. 2010 §3.3: with step marking at K > C·RTT/7 the queue never empties: the link stays busy.
      return 1
    case 'rfc9332_fluid':
      return rfc9332Ratio(2, c.coupling_k ?? Number.NaN, c.rtt_s, c.target_s ?? Number.NaN)
    case 'rfc9332_cut':
      return rfc9332Ratio(SCALABLE_ONCE_PER_ROUND, c.coupling_k ?? Number.NaN, c.rtt_s, c.target_s ?? Number.NaN)
  }
}

/** A recorded miss must still be within this share of the tolerance of what it was (as the ns-3 rows). */
export const MISS_SLACK = 0.5

export type TheoryVerdict = 'agree' | 'miss' | 'known_miss' | 'miss_moved'

/**
 * The engine's number for a case from its run summary (a count over the window made a rate): `value` is the metric's,
 * `over` the divided_by path's when the case has one.
 */
export function oursFrom(
  c: Pick<TheoryCase, 'metric' | 'per_second' | 'scenario' | 'divided_by'>,
  value: number,
  over = Number.NaN,
): number {
  if (c.divided_by !== undefined) return value / over
  if (c.per_second !== true) return value
  const { duration, warmup } = c.scenario
  return typeof duration === 'number' && typeof warmup === 'number' ? value / (duration - warmup) : Number.NaN
}

/** (ours − model)/model. */
export function relativeDiff(ours: number, model: number): number {
  return (ours - model) / model
}

export function judgeTheory(c: Pick<TheoryCase, 'tolerance' | 'expect'>, diff: number): TheoryVerdict {
  if (!Number.isFinite(diff)) return c.expect === 'agree' ? 'miss' : 'miss_moved'
  if (c.expect === 'agree') return Math.abs(diff) <= c.tolerance ? 'agree' : 'miss'
  return Math.abs(diff - c.expect.measured_diff) <= MISS_SLACK * c.tolerance ? 'known_miss' : 'miss_moved'
}

type Obj = Record<string, unknown>
const isObj = (x: unknown): x is Obj => typeof x === 'object' && x !== null && !Array.isArray(x)
const MODELS: readonly string[] = [
  'rfc8312_reno',
  'rfc8312_cubic',
  'mathis',
  'padhye',
  'bbr_loss',
  'pi_qref',
  'ware2019',
  'dctcp_k',
  'rfc9332_fluid',
  'rfc9332_cut',
]

export function isTheoryCase(x: unknown): x is TheoryCase {
  if (!isObj(x) || typeof x.id !== 'string' || typeof x.source !== 'string' || !isObj(x.scenario)) return false
  if (typeof x.model !== 'string' || !MODELS.includes(x.model)) return false
  if (![x.p, x.rtt_s, x.b, x.tolerance].every((v) => typeof v === 'number' && Number.isFinite(v))) return false
  if (x.published !== null && typeof x.published !== 'number') return false
  if (
    typeof x.metric !== 'string' ||
    !['segments', 'packets/s', 'Mbit/s', 'packets', 'share', 'ratio'].includes(x.unit as string)
  )
    return false
  if (x.model === 'padhye' && typeof x.rto_s !== 'number') return false
  if (x.model === 'bbr_loss' && typeof x.capacity_mbps !== 'number') return false
  if (x.model === 'pi_qref' && typeof x.qref !== 'number') return false
  if (x.model === 'dctcp_k' && typeof x.k_pkts !== 'number') return false
  if (x.divided_by !== undefined && typeof x.divided_by !== 'string') return false
  if (
    (x.model === 'rfc9332_fluid' || x.model === 'rfc9332_cut') &&
    (typeof x.coupling_k !== 'number' || typeof x.target_s !== 'number' || typeof x.divided_by !== 'string')
  )
    return false
  if (x.model === 'ware2019' && (typeof x.buffer_bdp !== 'number' || typeof x.capacity_mbps !== 'number')) return false
  if (x.expect === 'agree') return true
  return isObj(x.expect) && typeof x.expect.measured_diff === 'number' && typeof x.expect.reason === 'string'
}

/** Every committed theory case, in the table's order; a malformed entry is left out and named. */
export function loadTheory(source: unknown = table): { cases: TheoryCase[]; malformed: string[] } {
  const list = isObj(source) && Array.isArray(source.cases) ? (source.cases as unknown[]) : []
  const cases: TheoryCase[] = []
  const malformed: string[] = []
  list.forEach((c, i) => {
    if (isTheoryCase(c)) cases.push(c)
    else malformed.push(isObj(c) && typeof c.id === 'string' ? c.id : `#${i + 1}`)
  })
  return { cases, malformed }
}
