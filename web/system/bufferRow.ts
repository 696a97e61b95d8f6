// Draws the bottleneck buffer as a row of packet slots on a canvas: the head of the queue (next to leave)
// on the right, the tail on the left, each slot in its flow's series colour with a dot when a packet in it
// carries a CE mark; drops (×, vermillion) and marks (ring, sky blue) fall away from where they happened,
// or, with reduced motion, stay still and fade. Pure drawing and bookkeeping, no React.
import type { ChartColours } from '../charts/theme'
import { withAlpha } from '../charts/theme'
import { decodeEvent, slotFlow, slotMarked, type ViewFrame } from './viewFrame'

/** Event marks started per frame at most; more events in a frame are shown by a sample of them. */
export const MARKS_PER_FRAME = 8
/** Event marks on screen at most. */
const MAX_MARKS = 64
/** How long one mark stays, ms. */
export const MARK_MS = 700
/** Canvas pixels per slot at least, when the page chooses how many slots to ask for. */
export const MIN_SLOT_PX = 3

export interface Mark {
  x: number
  born: number
  dropped: boolean
}

export interface RowGeometry {
  width: number
  height: number
  /** Top and height of the slot row. */
  rowTop: number
  rowH: number
}

/** Slot i (0 = head) spans [x, x + w) with `cap` slots across the width. */
export function slotX(g: RowGeometry, cap: number, i: number): { x: number; w: number } {
  const w = g.width / Math.max(1, cap)
  return { x: g.width - (i + 1) * w, w }
}

/** Up to `max` evenly spaced indices of `n` (all of them when n ≤ max). */
export function sampleIndices(n: number, max: number): number[] {
  if (n <= max) return Array.from({ length: n }, (_, i) => i)
  return Array.from({ length: max }, (_, k) => Math.floor((k * n) / max))
}

/** Starts marks for a frame's events (sampled to MARKS_PER_FRAME); returns how many drops and marks started. */
export function spawnMarks(
  marks: Mark[],
  frame: ViewFrame,
  g: RowGeometry,
  now: number,
): { drops: number; marks: number } {
  const cap = Math.max(frame.capacitySlots, frame.slots.length)
  const n = frame.slots.length
  let drops = 0
  let ce = 0
  for (const k of sampleIndices(frame.events.length, MARKS_PER_FRAME)) {
    const e = decodeEvent(frame.events[k])
    // An arrival is refused at the tail (just beyond the last queued slot); a departure drop leaves the head.
    const at = e.where === 'arrival' ? slotX(g, cap, Math.min(n, cap - 1)) : slotX(g, cap, 0)
    marks.push({ x: at.x + at.w / 2, born: now, dropped: !e.marked })
    if (e.marked) ce++
    else drops++
  }
  if (marks.length > MAX_MARKS) marks.splice(0, marks.length - MAX_MARKS)
  return { drops, marks: ce }
}

export function drawRow(
  ctx: CanvasRenderingContext2D,
  g: RowGeometry,
  frame: ViewFrame | null,
  marks: Mark[],
  now: number,
  colours: ChartColours,
  reducedMotion: boolean,
): void {
  const cap = frame === null ? 1 : Math.max(frame.capacitySlots, frame.slots.length)
  const { rowTop, rowH } = g
  const w = g.width / cap
  const gap = w >= 4 ? 1 : 0
  ctx.fillStyle = colours.grid
  ctx.fillRect(0, rowTop, g.width, rowH)
  ctx.strokeStyle = colours.muted
  ctx.lineWidth = 1
  ctx.strokeRect(0.5, rowTop - 0.5, g.width - 1, rowH + 1)
  if (frame !== null) {
    // One fill per colour run: at 400 slots a fillStyle change per slot would dominate.
    const n = Math.min(frame.slots.length, cap)
    for (let i = 0; i < n; i++) {
      const flow = slotFlow(frame.slots[i])
      ctx.fillStyle = colours.series[flow % colours.series.length]
      ctx.fillRect(g.width - (i + 1) * w + gap, rowTop + 1, Math.max(1, w - gap), rowH - 2)
    }
    ctx.fillStyle = colours.panel
    for (let i = 0; i < n; i++) {
      if (!slotMarked(frame.slots[i])) continue
      const cx = g.width - (i + 0.5) * w
      ctx.beginPath()
      ctx.arc(cx, rowTop + rowH / 2, Math.max(1.5, Math.min(w, rowH) / 4), 0, 2 * Math.PI)
      ctx.fill()
    }
  }
  // Marks: age 0..1 over MARK_MS; with reduced motion they keep their place and only fade.
  let kept = 0
  for (const m of marks) {
    const age = (now - m.born) / MARK_MS
    if (age >= 1 || age < 0) continue
    marks[kept++] = m
    const y = rowTop + rowH + 6 + (reducedMotion ? 0 : age * (g.height - rowTop - rowH - 10))
    const colour = withAlpha(m.dropped ? colours.vermillion : colours.sky, 1 - age * 0.8)
    ctx.strokeStyle = colour
    ctx.lineWidth = 2
    ctx.beginPath()
    if (m.dropped) {
      ctx.moveTo(m.x - 4, y - 4)
      ctx.lineTo(m.x + 4, y + 4)
      ctx.moveTo(m.x + 4, y - 4)
      ctx.lineTo(m.x - 4, y + 4)
    } else {
      ctx.arc(m.x, y, 4, 0, 2 * Math.PI)
    }
    ctx.stroke()
  }
  marks.length = kept
}
