// Capacity changes of a time-varying link (link.rate_schedule, link.rate_slots) as vertical marks on every
// time chart. The times come from the engine's `capacity_mbps` trace column (present only when the link's
// rate changes), so a mark sits where the engine changed the rate, sampled at the trace's resolution.
import type { Rows } from '../engine/samples'
import type { ToPx } from './canvas'

export const CAPACITY_COLUMN = 'capacity_mbps'

export interface CapacityChange {
  /** Time of the first sample at the new capacity, s. */
  t: number
  /** Capacity before and after, Mbit/s. */
  from: number
  to: number
}

/** The capacity changes between held rows [from, to): one per pair of consecutive rows that differ. */
export function capacityChanges(rows: Rows, from: number, to: number, tCol: number): CapacityChange[] {
  const col = rows.columnIndex(CAPACITY_COLUMN)
  const out: CapacityChange[] = []
  if (col < 0) return out
  let prev = Number.NaN
  for (let i = Math.max(0, from); i < Math.min(rows.length, to); i++) {
    const c = rows.at(i, col)
    if (Number.isFinite(prev) && Number.isFinite(c) && c !== prev) out.push({ t: rows.at(i, tCol), from: prev, to: c })
    if (Number.isFinite(c)) prev = c
  }
  return out
}

/** Dashed vertical lines at each change, across the plot from `top` to `bottom`. */
export function drawCapacityMarks(
  ctx: CanvasRenderingContext2D,
  changes: readonly CapacityChange[],
  x: ToPx,
  top: number,
  bottom: number,
  colour: string,
): void {
  if (changes.length === 0) return
  ctx.save()
  ctx.beginPath()
  for (const c of changes) {
    const px = Math.round(x(c.t)) + 0.5
    ctx.moveTo(px, top)
    ctx.lineTo(px, bottom)
  }
  ctx.setLineDash([4, 3])
  ctx.strokeStyle = colour
  ctx.lineWidth = 1
  ctx.stroke()
  ctx.restore()
}

/** Mean capacity over held rows [from, to), Mbit/s; null on a fixed link (then the scenario's rate holds). */
export function meanCapacity(rows: Rows, from: number, to: number): number | null {
  const col = rows.columnIndex(CAPACITY_COLUMN)
  if (col < 0 || to <= from) return null
  const mean = rows.rangeSum(from, to, col) / (to - from)
  return Number.isFinite(mean) && mean > 0 ? mean : null
}
