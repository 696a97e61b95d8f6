// Geometry of the drop-probability panel: how much of the queue axis to show, and the ticks of its
// square-root probability axis (RED's ramp to max_p = 0.02 would be a sliver on a linear 0..1 axis).
import type { Curve } from '../engine/protocol'
import { queueDomainMax } from './scales'

export const P_TICKS = [0, 0.01, 0.05, 0.1, 0.25, 0.5, 1]

/**
 * Upper end of the queue axis: past the point where the curve reaches 1 (the forced-drop region's
 * start), the dragged levels and the operating point, but not beyond the curve's own end (the buffer).
 */
export function curveXMax(curve: Curve | null, levels: number[], operatingAvg: number): number {
  const end = curve && curve.length > 0 ? curve[curve.length - 1][0] : Infinity
  const full = curve?.find(([, p]) => p >= 1)?.[0]
  const wanted = [
    (full ?? 0) * 1.25,
    ...levels.map((v) => v * 1.5),
    Number.isFinite(operatingAvg) ? operatingAvg * 1.1 : 0,
  ]
  const top = queueDomainMax(Math.max(...wanted), [], 1)
  return Math.min(top, end > 0 ? end : top)
}

/** Two curves are the same drawing (the engine resends the curve with every frame). */
export function sameCurve(a: Curve | null, b: Curve | null): boolean {
  if (a === b) return true
  if (a === null || b === null || a.length !== b.length) return false
  return a.every(([x, p], i) => x === b[i][0] && p === b[i][1])
}

/** Points added inside each segment by `densify`. */
export const CURVE_STEPS = 32

/**
 * The engine's curve is piecewise linear in p (RED's ramp, gentle RED's second ramp: Floyd & Jacobson
 * 1993 §4, Floyd 2000), but the panel draws p on a square-root axis, where a straight segment between
 * two corners would show p too low mid-ramp. Interpolating inside every sloped segment in (queue, p)
 * space lets the drawn line bend as the true curve does on that axis.
 */
export function densify(curve: Curve, steps = CURVE_STEPS): Curve {
  const out: Curve = []
  curve.forEach(([x, p], i) => {
    if (i > 0) {
      const [x0, p0] = curve[i - 1]
      if (x !== x0 && p !== p0) {
        for (let k = 1; k < steps; k++) out.push([x0 + ((x - x0) * k) / steps, p0 + ((p - p0) * k) / steps])
      }
    }
    out.push([x, p])
  })
  return out
}
