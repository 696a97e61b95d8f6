// A sweep's grid: every side (the preset's scenario and its comparisons) at every value of one
// parameter, or of two (a 2-D grid, drawn as a heatmap), each point replicated over seeds, as scenario
// JSON lines in the order `aqm-cli sweep` reads them; values typed by hand.
import { sweepPoint } from '../catalog/patch'
import type { JsonObject } from '../scenario/json'
import type { Derived } from '../catalog/types'
import { replicas } from '../stats/seeds'

export interface GridPoint {
  side: number
  x: number
  /** The second parameter's value in a 2-D sweep. */
  y?: number
  /** Replication index: the run's seed is the scenario's seed + rep (docs/replications.md). */
  rep: number
  /** One line of `aqm-cli sweep` input. */
  scenario: string
}

export interface SecondAxis {
  param: string
  values: readonly number[]
  derived?: readonly Derived[]
}

/**
 * Value-major (each x on every side), so a partial result already spans the x axis; then the second
 * parameter's values, then the side, then the replications of that point next to each other.
 */
export function buildGrid(
  sides: readonly JsonObject[],
  param: string,
  values: readonly number[],
  derived: readonly Derived[] = [],
  second: SecondAxis | null = null,
  runs = 1,
): GridPoint[] {
  const ys: readonly (number | undefined)[] = second === null ? [undefined] : second.values
  return values.flatMap((x) =>
    ys.flatMap((y) =>
      sides.flatMap((s, side) => {
        let point = sweepPoint(s, param, x, derived)
        if (second !== null && y !== undefined) point = sweepPoint(point, second.param, y, second.derived)
        return replicas(JSON.stringify(point), runs).map((scenario, rep) =>
          y === undefined ? { side, x, rep, scenario } : { side, x, y, rep, scenario },
        )
      }),
    ),
  )
}

/** A grid point's replications together: the indices into the grid of its runs. */
export interface Cell {
  side: number
  x: number
  y?: number
  runs: number[]
}

/** The cells of a grid, in the grid's order. */
export function cellsOf(grid: readonly GridPoint[]): Cell[] {
  const cells: Cell[] = []
  const byKey = new Map<string, Cell>()
  grid.forEach((g, i) => {
    const key = `${g.side}|${g.x}|${g.y ?? ''}`
    let c = byKey.get(key)
    if (c === undefined) {
      c = g.y === undefined ? { side: g.side, x: g.x, runs: [] } : { side: g.side, x: g.x, y: g.y, runs: [] }
      byKey.set(key, c)
      cells.push(c)
    }
    c.runs.push(i)
  })
  return cells
}

export type Parsed = { ok: true; values: number[] } | { ok: false; bad: string }

/** "24, 30 36;42" → [24, 30, 36, 42]; at most `max` distinct finite numbers, in the order given. */
export function parseValues(text: string, max = 64): Parsed {
  const parts = text.split(/[\s,;]+/).filter((p) => p !== '')
  const values: number[] = []
  for (const p of parts) {
    const v = Number(p)
    if (!Number.isFinite(v)) return { ok: false, bad: p }
    if (!values.includes(v)) values.push(v)
  }
  if (values.length === 0) return { ok: false, bad: text }
  if (values.length > max) return { ok: false, bad: `${values.length} > ${max}` }
  return { ok: true, values }
}

/** `count` evenly spaced values from `from` to `to`; whole numbers when `integer`. */
export function evenly(from: number, to: number, count: number, integer: boolean): number[] {
  const n = Math.max(1, Math.floor(count))
  const out: number[] = []
  for (let i = 0; i < n; i++) {
    const v = n === 1 ? from : from + ((to - from) * i) / (n - 1)
    const r = integer ? Math.round(v) : Number(v.toPrecision(6))
    if (!out.includes(r)) out.push(r)
  }
  return out
}

export function formatValues(values: readonly number[]): string {
  return values.map(String).join(', ')
}
