// Canvas plumbing shared by the charts: sizing for the device pixel ratio, and tracing a column of
// rows as a line that keeps each pixel column's extremes (min/max per bucket), so zooming out to
// thousands of rows neither hides peaks nor draws more segments than pixels.
import type { Rows } from '../engine/samples'
import type { Visible } from './liveData'
import { bucketEdges } from './scales'

/** Sizes the canvas backing store for `width`×`height` CSS pixels, clears it, returns its context. */
export function prepareCanvas(
  canvas: HTMLCanvasElement,
  width: number,
  height: number,
): CanvasRenderingContext2D | null {
  const ctx = canvas.getContext('2d')
  if (!ctx) return null
  const dpr = window.devicePixelRatio || 1
  const w = Math.max(1, Math.round(width * dpr))
  const h = Math.max(1, Math.round(height * dpr))
  if (canvas.width !== w || canvas.height !== h) {
    canvas.width = w
    canvas.height = h
  }
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0)
  ctx.clearRect(0, 0, width, height)
  return ctx
}

export type ToPx = (v: number) => number

/** One trace's values, reused: a chart copies each column it traces out of the ring buffer once per frame. */
let values = new Float64Array(1024)

/** The last bucket split, reused: a chart traces many columns over the same rows in one frame. */
let lastEdges = { from: -1, to: -1, buckets: -1, edges: [] as number[] }

function edgesFor(from: number, to: number, buckets: number): number[] {
  if (lastEdges.from !== from || lastEdges.to !== to || lastEdges.buckets !== buckets) {
    lastEdges = { from, to, buckets, edges: bucketEdges(from, to, buckets) }
  }
  return lastEdges.edges
}

/**
 * Strokes column `col` of the visible rows as one line (traceColumn) in `colour`, `width` px wide; returns
 * the largest value traced.
 */
export function strokeColumn(
  ctx: CanvasRenderingContext2D,
  vis: Pick<Visible, 'rows' | 'tCol' | 'from' | 'to'>,
  col: number,
  x: ToPx,
  y: ToPx,
  buckets: number,
  colour: string,
  width: number,
): number {
  ctx.beginPath()
  const max = traceColumn(ctx, vis.rows, vis.from, vis.to, vis.tCol, col, x, y, buckets)
  ctx.strokeStyle = colour
  ctx.lineWidth = width
  ctx.stroke()
  return max
}

/**
 * Adds the path of column `col` over rows [from, to) to the current path: per bucket of rows the
 * first, lowest, highest and last value (M4), with gaps where values are NaN. Returns the largest
 * value traced (-Infinity when there was none), so callers need no second pass for their y domain.
 */
export function traceColumn(
  ctx: CanvasRenderingContext2D,
  rows: Rows,
  from: number,
  to: number,
  tCol: number,
  col: number,
  x: ToPx,
  y: ToPx,
  buckets: number,
  /** Only each bucket's lowest and highest value: half the segments, for many overlapping traces. */
  extremesOnly = false,
): number {
  const edges = edgesFor(from, to, buckets)
  if (to - from > values.length) values = new Float64Array(2 * (to - from))
  if (to > from) rows.copyColumn(col, from, to, values)
  let penDown = false
  let max = -Infinity
  for (let b = 0; b + 1 < edges.length; b++) {
    const a = edges[b]
    const e = edges[b + 1]
    if (e - a === 1) {
      const v = values[a - from]
      if (Number.isNaN(v)) {
        penDown = false
        continue
      }
      const px = x(rows.at(a, tCol))
      if (v > max) max = v
      if (penDown) ctx.lineTo(px, y(v))
      else ctx.moveTo(px, y(v))
      penDown = true
      continue
    }
    let first = NaN
    let last = NaN
    let lo = Infinity
    let hi = -Infinity
    for (let i = a - from; i < e - from; i++) {
      const v = values[i]
      if (Number.isNaN(v)) continue
      if (Number.isNaN(first)) first = v
      last = v
      if (v < lo) lo = v
      if (v > hi) hi = v
    }
    if (Number.isNaN(first)) {
      penDown = false
      continue
    }
    if (hi > max) max = hi
    const x0 = x(rows.at(a, tCol))
    const x1 = x(rows.at(e - 1, tCol))
    const xm = (x0 + x1) / 2
    if (extremesOnly) {
      // Rising through the bucket: low then high; falling: high then low.
      const rising = last >= first
      const p = rising ? lo : hi
      if (penDown) ctx.lineTo(xm, y(p))
      else ctx.moveTo(xm, y(p))
      ctx.lineTo(xm, y(rising ? hi : lo))
    } else {
      if (penDown) ctx.lineTo(x0, y(first))
      else ctx.moveTo(x0, y(first))
      ctx.lineTo(xm, y(lo))
      ctx.lineTo(xm, y(hi))
      ctx.lineTo(x1, y(last))
    }
    penDown = true
  }
  return max
}

/** The largest finite value of `col` over rows [from, to), or 0. */
export function columnMax(rows: Rows, from: number, to: number, col: number): number {
  let m = 0
  if (col < 0) return m
  for (let i = from; i < to; i++) {
    const v = rows.at(i, col)
    if (v > m) m = v
  }
  return m
}
