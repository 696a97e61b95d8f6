// Which parameters the charts let you drag, where they may go, and the target band the queue chart
// shades, all from what the engine declares of each parameter (its role, ordering and range: engine
// `params::ParamSpec`, docs/parameter-roles.md) and nothing else. Pure: every clamp the handles apply
// before sending is decided (and tested) here.
import type { AlgorithmInfo, AqmConfig, AqmState, ParamSchema } from '../engine/protocol'
import { isPackets, resolveUnit } from '../engine/units'
import { niceStep, roundTo } from './scales'
import { applies } from '../catalog/conditions'

export interface DragParam {
  name: string
  label: string
  /** The algorithm it belongs to (its name in the reader's language is algorithms.<kind>.params.<name>). */
  kind?: string
  value: number
  schema: ParamSchema
  /** Every parameter of its algorithm (the ones it is ordered with among them). */
  siblings: readonly ParamSchema[]
}

function numberParam(info: AlgorithmInfo, aqm: AqmConfig, name: string): DragParam | null {
  const schema = info.params.find((p) => p.name === name)
  const value = aqm[name]
  if (!schema || schema.boolean || typeof value !== 'number' || !Number.isFinite(value)) return null
  return { name, label: schema.label, kind: info.kind, value, schema, siblings: info.params }
}

/** The parameters of the running algorithm with a drag handle in `role`, in the catalogue's order. */
function handles(info: AlgorithmInfo | undefined, aqm: AqmConfig | null, role: ParamSchema['role']): DragParam[] {
  if (!info || !aqm || aqm.kind !== info.kind) return []
  return info.params
    .filter((p) => p.handle === true && p.role === role && applies(info.params, p, aqm))
    .flatMap((p) => numberParam(info, aqm, p.name) ?? [])
}

/**
 * Queue levels of the running algorithm in `chartUnit` (RED's min_th and max_th, PI's q_ref, ...), to
 * draw as draggable lines on the queue chart.
 */
export function queueLevels(
  info: AlgorithmInfo | undefined,
  aqm: AqmConfig | null,
  queueUnit: string,
  chartUnit: string,
): DragParam[] {
  return handles(info, aqm, 'queue_level').filter((p) => resolveUnit(p.schema.unit, queueUnit) === chartUnit)
}

/** Delay targets in milliseconds (CoDel's target, PIE's reference delay), for the delay chart. */
export function delayTargets(info: AlgorithmInfo | undefined, aqm: AqmConfig | null): DragParam[] {
  return handles(info, aqm, 'delay_target').filter((p) => p.schema.unit === 'ms')
}

export interface CurveParams {
  /** Dragged along the queue axis: the ends of the ramp (min_th, max_th). */
  levels: DragParam[]
  /** Dragged along the probability axis (max_p at max_th); none when the algorithm adapts it. */
  probability: { param: DragParam; at: DragParam } | null
}

/**
 * The curve's handles: the queue levels that are ordered with another level (the ramp's ends), and the
 * probability the curve reaches at one of them, unless the algorithm adapts it.
 */
export function curveParams(info: AlgorithmInfo | undefined, aqm: AqmConfig | null): CurveParams {
  const levels = handles(info, aqm, 'queue_level')
  const ordered = new Set(
    levels.flatMap((l) =>
      l.schema.below && levels.some((o) => o.name === l.schema.below) ? [l.name, l.schema.below] : [],
    ),
  )
  const ramp = levels.filter((l) => ordered.has(l.name))
  let probability: CurveParams['probability'] = null
  for (const param of handles(info, aqm, 'probability')) {
    const at = ramp.find((l) => l.name === param.schema.at)
    if (at && param.schema.adapts !== true) {
      probability = { param, at }
      break
    }
  }
  return { levels: ramp, probability }
}

// ---- where a dragged value may go -------------------------------------------------------------

/** The parameters `name` must stay below and above, as the engine declares them. */
function partners(p: DragParam): { below: string[]; above: string[] } {
  return {
    above: p.schema.below ? [p.schema.below] : [],
    below: p.siblings.filter((s) => s.below === p.name).map((s) => s.name),
  }
}

export interface Bounds {
  lo: number
  hi: number
}

/**
 * The range a dragged parameter may take right now: its schema range, below the buffer for a range that
 * follows it, inside (0, 1] for a probability, and at least `gap` away from the parameters it must stay
 * ordered with (min_th < max_th).
 */
export function dragBounds(p: DragParam, aqm: AqmConfig, gap: number, bufferLimit: number | null): Bounds {
  let lo = p.schema.min
  let hi = p.schema.max
  if (bufferLimit !== null && p.schema.range_follows === 'buffer') hi = Math.min(hi, bufferLimit)
  if (p.schema.role === 'probability') {
    lo = Math.max(lo, gap) // a drop curve needs p > 0 at its level
    hi = Math.min(hi, 1)
  }
  const { below, above } = partners(p)
  for (const n of above) if (typeof aqm[n] === 'number') hi = Math.min(hi, Number(aqm[n]) - gap)
  for (const n of below) if (typeof aqm[n] === 'number') lo = Math.max(lo, Number(aqm[n]) + gap)
  return { lo, hi: Math.max(lo, hi) }
}

/** The value a handle sends: rounded to `resolution` (whole numbers for integer params), inside `b`. */
export function clampDrag(value: number, b: Bounds, resolution: number, integer: boolean): number {
  const rounded = integer ? Math.round(value) : roundTo(value, resolution)
  return Math.min(Math.max(rounded, b.lo), b.hi)
}

/** Drag and arrow-key resolution: whole packets, or a round step of about 1/150 of the axis. */
export function resolutionFor(unit: string, axisSpan: number, value: number): number {
  if (isPackets(unit)) return axisSpan >= 10 ? 1 : 0.5
  if (unit === '') return value < 0.1 ? 0.001 : 0.01 // probabilities
  return niceStep(axisSpan / 150)
}

// ---- the shaded target on the queue chart --------------------------------------------------

export interface TargetBand {
  lo: number
  hi: number
  /** 'band': ARED's target range of the average; 'delay': a delay target seen as a queue at line rate; 'ref': PI's reference. */
  kind: 'band' | 'delay' | 'ref'
  /** The delay target, for 'delay'. */
  ms?: number
}

/**
 * The band the running algorithm reports in its state (`band_lo`, `band_hi`, in the queue's unit; `band_ms`
 * for a delay target), as its catalogue entry says to read it.
 */
export function targetBand(info: AlgorithmInfo | undefined, aqm: AqmConfig | null, state: AqmState): TargetBand | null {
  if (!info || !aqm || aqm.kind !== info.kind || !info.band) return null
  const lo = state.band_lo
  const hi = state.band_hi
  if (!Number.isFinite(lo) || !Number.isFinite(hi) || !(hi > lo)) return null
  if (info.band === 'average') return { lo, hi, kind: 'band' }
  if (info.band === 'reference') return { lo, hi, kind: 'ref' }
  return { lo, hi, kind: 'delay', ms: state.band_ms }
}
