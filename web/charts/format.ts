// Number formatting for chart labels and readouts.
import * as d3 from 'd3'

const big = d3.format(',.0f')

/** A parameter or reading as people write it: 15, 0.021, 2.5, 125,000. */
export function formatValue(v: number): string {
  if (!Number.isFinite(v)) return '–'
  if (Math.abs(v) >= 1e4) return big(v)
  return String(Number(v.toPrecision(4)))
}

/** Compact tick labels: 0.5, 20, 1.5k, 2M. */
export const tickFormat = (v: number): string => (Math.abs(v) >= 1e4 ? d3.format('~s')(v) : d3.format('~g')(v))

export const percent = (v: number): string => d3.format('.0%')(v)

const grouped = d3.format(',')

/**
 * Simulated seconds on a time axis: plain numbers, grouped by thousands on long runs ("117,086"), never an
 * SI suffix ("117.086k" reads as kilo-something and crowds the axis).
 */
export const timeTickFormat = (v: number): string =>
  Math.abs(v) >= 1e4 ? grouped(Math.round(v * 1000) / 1000) : d3.format('~g')(v)

/** Pixels per time-axis tick: long labels (≥ 10,000 s) need more room than "20". */
export function timeTickCount(innerW: number, domainMax: number): number {
  return Math.max(2, Math.floor(innerW / (Math.abs(domainMax) >= 1e4 ? 110 : 70)))
}
