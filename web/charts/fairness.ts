// Fairness between flows from their throughputs: Jain's index and the min/max ratio, over a
// window of rows so that one 50 ms interval in which a flow happened not to send does not count
// as unfairness.
import { columnSpec } from '../engine/columns'
import type { Rows } from '../engine/samples'

/** Jain's fairness index (Σx)² / (n·Σx²): 1 for equal shares, 1/n when one flow takes all. */
export function jain(xs: ArrayLike<number>, n = xs.length): number {
  let s = 0
  let s2 = 0
  for (let i = 0; i < n; i++) {
    s += xs[i]
    s2 += xs[i] * xs[i]
  }
  if (n === 0) return Number.NaN
  return s2 > 0 ? (s * s) / (n * s2) : 1
}

/** Smallest share over largest: 1 for equal shares, 0 when some flow starves. */
export function minMaxRatio(xs: ArrayLike<number>, n = xs.length): number {
  if (n === 0) return Number.NaN
  let lo = Infinity
  let hi = -Infinity
  for (let i = 0; i < n; i++) {
    lo = Math.min(lo, xs[i])
    hi = Math.max(hi, xs[i])
  }
  return hi > 0 ? lo / hi : 1
}

export interface FlowColumns {
  readonly thr: readonly number[]
  readonly cwnd: readonly number[]
}

/** flowColumns' answers by column list: several charts ask in every frame, and 1,000 flows are 2,000 look-ups. */
const flowColumnsOf = new WeakMap<readonly string[], FlowColumns>()

/** Column indices of thr_i and cwnd_i, by flow number (-1 where missing). */
export function flowColumns(rows: Pick<Rows, 'columns' | 'columnIndex'>): FlowColumns {
  const known = flowColumnsOf.get(rows.columns)
  if (known !== undefined) return known
  const n = rows.columns.filter((c) => columnSpec(c)?.name === 'thr_<flow>').length
  const idx = (prefix: string) => Array.from({ length: n }, (_, i) => rows.columnIndex(`${prefix}_${i}`))
  const found = { thr: idx('thr'), cwnd: idx('cwnd') }
  flowColumnsOf.set(rows.columns, found)
  return found
}

export interface WindowShares {
  /** Mean throughput of each flow over the window, Mbit/s. */
  means: Float64Array
  /** Whether each flow took part: it has a window (TCP, started) or sent something. */
  active: Uint8Array
  jain: number
  minMax: number
  /** Scratch: the active flows' means. */
  scratch: Float64Array
}

/** Per-flow mean throughput over rows [from, to) and the fairness among the active flows. */
export function windowShares(
  rows: Rows,
  from: number,
  to: number,
  cols: FlowColumns,
  out?: WindowShares,
): WindowShares {
  const n = cols.thr.length
  const res: WindowShares =
    out && out.means.length === n
      ? out
      : { means: new Float64Array(n), active: new Uint8Array(n), jain: NaN, minMax: NaN, scratch: new Float64Array(n) }
  const span = Math.max(0, to - from)
  let k = 0
  for (let i = 0; i < n; i++) {
    const mean = span > 0 ? rows.rangeSum(from, to, cols.thr[i]) / span : 0
    res.means[i] = mean
    const cwnd = span > 0 && cols.cwnd[i] >= 0 ? rows.at(to - 1, cols.cwnd[i]) : Number.NaN
    const on = mean > 0 || Number.isFinite(cwnd)
    res.active[i] = on ? 1 : 0
    if (on) res.scratch[k++] = mean
  }
  res.jain = jain(res.scratch, k)
  res.minMax = minMaxRatio(res.scratch, k)
  return res
}

/** Seconds of throughput behind each fairness point. */
export const FAIRNESS_WINDOW_S = 1

/**
 * Points of the curves across `width` pixels for a window of `spanS` seconds: one per two pixels, but no
 * more than four per averaging window. The curves are moving averages over FAIRNESS_WINDOW_S, so finer
 * points show nothing new, and each costs a pass over every flow (1,000 flows: 1,000 sums a point).
 */
export function fairnessPoints(width: number, spanS: number): number {
  const perWindow = Number.isFinite(spanS) && spanS > 0 ? (4 * spanS) / FAIRNESS_WINDOW_S : Infinity
  return Math.max(2, Math.min(width / 2, perWindow))
}

/** First row of the window of FAIRNESS_WINDOW_S that ends at row `r` (rows [start, r + 1)). */
export function windowStart(rows: Rows, r: number, tCol: number): number {
  return Math.min(r, rows.firstAtOrAfter(rows.at(r, tCol) - FAIRNESS_WINDOW_S + 1e-9))
}

/**
 * Jain's index and the utilisation over the last FAIRNESS_WINDOW_S of simulated time up to the latest row:
 * the fairness chart's rightmost point, so the read-out and the chart show one number for one concept.
 */
export function lastWindow(rows: Rows): { jain: number; util: number } {
  const tCol = rows.columnIndex('t')
  if (rows.length === 0 || tCol < 0) return { jain: Number.NaN, util: Number.NaN }
  const r = rows.length - 1
  const start = windowStart(rows, r, tCol)
  const uCol = rows.columnIndex('util')
  const util = uCol >= 0 ? rows.rangeSum(start, r + 1, uCol) / (r + 1 - start) : Number.NaN
  const cols = flowColumns(rows)
  return { jain: cols.thr.length === 0 ? Number.NaN : windowShares(rows, start, r + 1, cols).jain, util }
}
