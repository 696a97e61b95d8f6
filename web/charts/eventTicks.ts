// Drops and marks as ticks along an edge of the plot: one per bucket of rows that saw any, longer
// for more events (logarithmic), all in one path per colour.
import type { ToPx } from './canvas'
import type { Visible } from './liveData'
import { bucketEdges } from './scales'

/** Tick length in pixels for `count` events: 3 px for one, growing with log₂, at most 14. */
export function tickLength(count: number): number {
  return count > 0 ? Math.min(14, 3 + 2.5 * Math.log2(count)) : 0
}

/**
 * Draws ticks for column `col` (events per row) from the edge at `edgeY`, pointing up (`dir` -1)
 * or down (1), summing rows into about `buckets` buckets.
 */
export function drawEventTicks(
  ctx: CanvasRenderingContext2D,
  { rows, from, to, tCol }: Pick<Visible, 'rows' | 'tCol' | 'from' | 'to'>,
  col: number,
  x: ToPx,
  edgeY: number,
  dir: 1 | -1,
  colour: string,
  buckets: number,
): void {
  if (col < 0) return
  const edges = bucketEdges(from, to, buckets)
  ctx.beginPath()
  let any = false
  for (let b = 0; b + 1 < edges.length; b++) {
    const n = rows.rangeSum(edges[b], edges[b + 1], col)
    if (n <= 0) continue
    const px = Math.round(x(rows.at(edges[b + 1] - 1, tCol))) + 0.5
    ctx.moveTo(px, edgeY)
    ctx.lineTo(px, edgeY + dir * tickLength(n))
    any = true
  }
  if (!any) return
  ctx.strokeStyle = colour
  ctx.lineWidth = 1.5
  ctx.stroke()
}
