// A sweep's grid: every side (the preset's scenario and its comparisons) at every value of one
// parameter, as scenario JSON lines, in the order `aqm-cli sweep` reads them; values typed by hand.
import { sweepPoint, type JsonObject } from '../presets/patch'
import type { Derived } from '../presets/types'

export interface GridPoint {
  side: number
  x: number
  /** One line of `aqm-cli sweep` input. */
  scenario: string
}

/** Value-major (each x on every side), so a partial result already spans the x axis. */
export function buildGrid(sides: readonly JsonObject[], param: string, values: readonly number[], derived: readonly Derived[] = []): GridPoint[] {
  return values.flatMap((x) => sides.map((s, side) => ({ side, x, scenario: JSON.stringify(sweepPoint(s, param, x, derived)) })))
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
