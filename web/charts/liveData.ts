// What a time-series chart draws this frame: the rows inside the shared time window, taken from
// the live ring while it still holds the window's start, else from the decimated history.
import type { Rows, SampleBuffer } from '../engine/samples'
import { resolveView, type TimeView } from './timeWindow'

export interface Visible {
  rows: Rows
  tCol: number
  t0: number
  t1: number
  /** Row range to draw: [from, to), one row either side of the window so lines reach the edges. */
  from: number
  to: number
  /** Time of the newest sample. */
  latest: number
}

export function latestTime(buffer: SampleBuffer | null): number {
  const tCol = buffer?.columnIndex('t') ?? -1
  if (!buffer || tCol < 0 || buffer.length === 0) return 0
  return buffer.at(buffer.length - 1, tCol)
}

export function visibleRows(buffer: SampleBuffer | null, view: TimeView): Visible | null {
  if (!buffer) return null
  const tCol = buffer.columnIndex('t')
  if (tCol < 0) return null
  const latest = latestTime(buffer)
  const [t0, t1] = resolveView(view, latest)
  const rows = buffer.rowsFrom(t0)
  const from = Math.max(0, rows.firstAtOrAfter(t0) - 1)
  const to = Math.min(rows.length, rows.firstAtOrAfter(t1) + 1)
  return { rows, tCol, t0, t1, from, to, latest }
}
