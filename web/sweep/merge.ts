// Sides that a sweep makes identical: when the swept parameter is the one that tells the preset's sides
// apart ("Buffer 100" against "Buffer 20", swept over the buffer), every point of one side is the same
// scenario as the other's, and plotting both draws one curve under several labels. Such sides are run
// once, as one series, and the page says why.
import { sweepPoint } from '../catalog/patch'
import type { Derived } from '../catalog/types'
import type { JsonObject } from '../scenario/json'

export interface Axis {
  param: string
  values: readonly number[]
  derived?: readonly Derived[]
}

/** The scenario lines of one side over the grid, as one text (the same text: the same runs). */
function pointsOf(side: JsonObject, x: Axis, y: Axis | null): string {
  return JSON.stringify(
    x.values.flatMap((vx) => {
      const p = sweepPoint(side, x.param, vx, x.derived)
      return y === null ? [p] : y.values.map((vy) => sweepPoint(p, y.param, vy, y.derived))
    }),
  )
}

/**
 * The chosen sides in groups that give the same scenario at every grid point, in the order of their first
 * side (the group's first side is the one that runs). A side the parameter names nothing in stands alone.
 */
export function identicalGroups(
  sides: readonly JsonObject[],
  chosen: readonly number[],
  x: Axis,
  y: Axis | null = null,
): number[][] {
  const groups: Array<{ key: string; sides: number[] }> = []
  for (const k of chosen) {
    let key: string
    try {
      key = pointsOf(sides[k], x, y)
    } catch {
      key = `#${k}`
    }
    const g = groups.find((h) => h.key === key)
    if (g === undefined) groups.push({ key, sides: [k] })
    else g.sides.push(k)
  }
  return groups.map((g) => g.sides)
}
