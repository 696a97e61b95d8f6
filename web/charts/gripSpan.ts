// Where a threshold's grip and press area sit around its line, given how far the neighbouring thresholds'
// lines are. Two lines closer than a grip is tall (RED's 10 and 12 once the queue axis has grown: ~2.5 px)
// would otherwise share one patch of screen, and the handle drawn last (max_th) would take every press.
// Each line owns the pixels nearer to it than to any other line; inside that, the grip is as tall as
// GRIP_PX allows, pushed away from the near neighbour.

/** Height of a grip, and of the press band along a lone line. */
export const GRIP_PX = 14

export interface Span {
  /** Pixels above the line (negative: up on screen). */
  top: number
  /** Pixels below the line. */
  bottom: number
}

/**
 * The grip's vertical extent relative to its line, from the screen distance to the nearest line above
 * (`gapAbove`) and below (`gapBelow`); Infinity when there is none.
 */
export function gripSpan(gapAbove: number, gapBelow: number): Span {
  const half = GRIP_PX / 2
  // The pixels this line owns: up to half way to each neighbour.
  const ownUp = Math.max(0, gapAbove / 2)
  const ownDown = Math.max(0, gapBelow / 2)
  let up = Math.min(half, ownUp)
  let down = Math.min(half, ownDown)
  // Give the height lost on the crowded side to the free side, as far as that side's own pixels go.
  const missing = GRIP_PX - up - down
  if (missing > 0) {
    const extraDown = Math.min(missing, ownDown - down)
    down += extraDown
    up += Math.min(missing - extraDown, ownUp - up)
  }
  return { top: -up, bottom: down }
}

/**
 * Screen distances from the line of `value` to the nearest line of a higher value (above) and of a lower
 * value (below). Decided by value, not pixel, so that two lines drawn on the same pixel still split it:
 * the upper value's grip above, the lower value's below.
 */
export function neighbourGaps(
  value: number,
  others: number[],
  y: (v: number) => number,
): { above: number; below: number } {
  let above = Infinity
  let below = Infinity
  for (const o of others) {
    const d = Math.abs(y(value) - y(o))
    if (o > value) above = Math.min(above, d)
    else if (o < value) below = Math.min(below, d)
  }
  return { above, below }
}
