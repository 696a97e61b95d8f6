// Scale and layout helpers shared by the charts. Pure functions over numbers, unit-tested.
import * as d3 from 'd3'

export interface Margin {
  top: number
  right: number
  bottom: number
  left: number
}

/** Upper end of the y domain: room for the data and every reference line, rounded nicely. */
export function queueDomainMax(dataMax: number, references: number[], floor = 10): number {
  const finite = [dataMax, ...references].filter((v) => Number.isFinite(v))
  const top = Math.max(floor, ...finite) * 1.05
  return d3.scaleLinear().domain([0, top]).nice().domain()[1]
}

export function linearScale(domain: [number, number], range: [number, number]): d3.ScaleLinear<number, number> {
  return d3.scaleLinear().domain(domain).range(range)
}

/**
 * `scale(v) + offset` as one multiply-add, for the frame loop's hot paths: a chart maps some 10^5 values
 * per frame at full speed, and a D3 scale call is several function calls. A linear scale only (with
 * D3's midpoint for an empty domain); any other scale is called as it is.
 */
export function pixelMap(scale: d3.ScaleContinuousNumeric<number, number>, offset = 0): (v: number) => number {
  if ('exponent' in scale || 'base' in scale || 'constant' in scale) return (v) => scale(v) + offset
  const [d0, d1] = scale.domain()
  const [r0, r1] = scale.range()
  if (d1 === d0) {
    const mid = (r0 + r1) / 2 + offset
    return (v) => (Number.isNaN(v) ? Number.NaN : mid)
  }
  const k = (r1 - r0) / (d1 - d0)
  const b = r0 - k * d0 + offset
  return (v) => k * v + b
}

/**
 * A y-domain maximum that does not jitter: it grows as soon as `needed` exceeds it, and shrinks
 * only once `needed` fell below `shrinkBelow` of it (the data left most of the chart empty).
 */
export function stickyMax(current: number | null, needed: number, shrinkBelow = 0.45): number {
  if (current === null || !Number.isFinite(current) || needed > current || needed < current * shrinkBelow) return needed
  return current
}

/** A round step (1, 2 or 5 × 10^k) close to `raw`: key steps and drag resolutions. */
export function niceStep(raw: number): number {
  if (!(raw > 0) || !Number.isFinite(raw)) return 1
  const exp = 10 ** Math.floor(Math.log10(raw))
  const f = raw / exp
  return (f < 1.5 ? 1 : f < 3.5 ? 2 : f < 7.5 ? 5 : 10) * exp
}

/** Rounds `value` to a multiple of `step` without binary noise (0.1 + 0.2 stays 0.3). */
export function roundTo(value: number, step: number): number {
  if (!(step > 0)) return value
  return Number((Math.round(value / step) * step).toPrecision(12))
}

/**
 * Splits rows [from, to) into about `buckets` consecutive ranges, for drawing one pixel column's
 * minimum and maximum instead of every row (keeps peaks that plain decimation would miss).
 * Returns the start of each range, then `to`.
 */
export function bucketEdges(from: number, to: number, buckets: number): number[] {
  const n = Math.max(0, to - from)
  if (n === 0) return []
  const size = Math.max(1, Math.ceil(n / Math.max(1, Math.floor(buckets))))
  const out: number[] = []
  for (let i = from; i < to; i += size) out.push(i)
  out.push(to)
  return out
}

/**
 * The congestion-window axis: sticky like stickyMax, but it gives back the slow-start spike's range once
 * the visible traces use less than three quarters of it (0–400 while every window is below 200 hid them).
 */
export function cwndDomainMax(current: number | null, visibleMax: number): number {
  return stickyMax(current, queueDomainMax(visibleMax, [], 4), 0.75)
}
