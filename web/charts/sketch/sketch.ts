// A predicted queue curve drawn by hand (issue 17, "predict by sketch"): a few points (simulated seconds,
// packets), its compact form in a link (`sketch=`, a page-level key that is never part of the scenario), and
// its score against the run: the area between the two curves, normalised (docs/predict-sketch.md).

export type Point = readonly [t: number, q: number]

/** Points kept at most; the link stays short and the score cheap. */
export const MAX_POINTS = 32
const MAX_T = 100_000
const MAX_Q = 10_000_000
/** Longest `sketch=` value read. */
export const MAX_SKETCH_CHARS = 2000

/** Sorted by time, one point per time, inside the bounds; at most MAX_POINTS. */
export function normalise(points: readonly Point[]): Point[] {
  const ok = points.filter(
    ([t, q]) => Number.isFinite(t) && Number.isFinite(q) && t >= 0 && t <= MAX_T && q >= 0 && q <= MAX_Q,
  )
  const sorted = [...ok].sort((a, b) => a[0] - b[0])
  const out: Point[] = []
  for (const p of sorted) {
    if (out.length > 0 && out[out.length - 1][0] === p[0]) out[out.length - 1] = p
    else out.push(p)
  }
  return out.slice(0, MAX_POINTS)
}

const short = (v: number, digits: number) => String(Math.round(v * 10 ** digits) / 10 ** digits)

/** `t:q,t:q,...` with t to 0.01 s and q to 0.1 packet. */
export function encodePoints(points: readonly Point[]): string {
  return normalise(points)
    .map(([t, q]) => `${short(t, 2)}:${short(q, 1)}`)
    .join(',')
}

const NUM = /^\d{1,6}(\.\d{1,6})?$/

/** The points of `t:q,...`; null when the text is not that (the link then has no sketch). */
export function decodePoints(text: string): Point[] | null {
  if (text === '' || text.length > MAX_SKETCH_CHARS) return null
  const parts = text.split(',')
  if (parts.length > MAX_POINTS) return null
  const points: Point[] = []
  for (const part of parts) {
    const [t, q, extra] = part.split(':')
    if (extra !== undefined || t === undefined || q === undefined || !NUM.test(t) || !NUM.test(q)) return null
    points.push([Number(t), Number(q)])
  }
  const norm = normalise(points)
  return norm.length === points.length ? norm : null
}

/** Sketches keyed by where they were drawn: '' for the lab, a lesson step's id in a walk-through. */
export type Sketches = Record<string, Point[]>

const ID = /^[a-z0-9_-]{1,40}$/

/** `points` for the lab's alone, else `id!points~id!points`. */
export function encodeSketches(sketches: Sketches): string {
  const entries = Object.entries(sketches).filter(([, p]) => p.length > 0)
  return entries.map(([id, p]) => (id === '' ? encodePoints(p) : `${id}!${encodePoints(p)}`)).join('~')
}

export function decodeSketches(text: string | null): Sketches {
  const out: Sketches = {}
  if (text === null || text.length > MAX_SKETCH_CHARS * 4) return out
  for (const entry of text.split('~').slice(0, 16)) {
    const bang = entry.indexOf('!')
    const id = bang < 0 ? '' : entry.slice(0, bang)
    if (id !== '' && !ID.test(id)) continue
    const points = decodePoints(bang < 0 ? entry : entry.slice(bang + 1))
    if (points !== null) out[id] = points
  }
  return out
}

/** The sketch's value at `t` by straight lines between its points; NaN outside them. */
export function valueAt(points: readonly Point[], t: number): number {
  if (points.length === 0 || t < points[0][0] || t > points[points.length - 1][0]) return Number.NaN
  for (let i = 1; i < points.length; i++) {
    const [t0, q0] = points[i - 1]
    const [t1, q1] = points[i]
    if (t <= t1) return t1 === t0 ? q1 : q0 + ((q1 - q0) * (t - t0)) / (t1 - t0)
  }
  return points[points.length - 1][1]
}

export interface Score {
  /** ∫|sketch − run| dt over the compared span, divided by (span × the larger curve's peak there): 0..1. */
  area: number
  /** 100 × (1 − area), rounded: 100 for a perfect prediction. */
  score: number
  /** The compared span, seconds. */
  from: number
  to: number
}

/**
 * Compares a sketch with the run's samples ([t, queue], time-ordered) where both exist, by the trapezoid
 * rule on the samples' times; null when they overlap in fewer than two samples.
 */
export function scoreSketch(points: readonly Point[], run: ReadonlyArray<readonly [number, number]>): Score | null {
  if (points.length < 2) return null
  const from = points[0][0]
  const to = points[points.length - 1][0]
  const inside = run.filter(([t, q]) => t >= from && t <= to && Number.isFinite(q))
  if (inside.length < 2) return null
  let area = 0
  let peak = 0
  let prev: { t: number; d: number } | null = null
  for (const [t, q] of inside) {
    const p = valueAt(points, t)
    peak = Math.max(peak, p, q)
    const d = Math.abs(p - q)
    if (prev !== null) area += ((prev.d + d) / 2) * (t - prev.t)
    prev = { t, d }
  }
  const span = inside[inside.length - 1][0] - inside[0][0]
  const norm = span > 0 ? area / (span * Math.max(peak, 1)) : 0
  const clamped = Math.min(1, Math.max(0, norm))
  return { area: clamped, score: Math.round(100 * (1 - clamped)), from: inside[0][0], to: inside[inside.length - 1][0] }
}
