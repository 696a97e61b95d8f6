// Which parameters the charts let you drag, where they may go, and the target band the queue chart
// shades. Pure: every clamp the handles apply before sending is decided (and tested) here.
import type { AlgorithmInfo, AqmConfig, AqmState, ParamSchema } from '../engine/protocol'
import { isPackets, resolveUnit } from '../engine/units'
import { niceStep, roundTo } from './scales'

export interface DragParam {
  name: string
  label: string
  value: number
  schema: ParamSchema
}

/** Queue-level parameters that are not thresholds on the total queue. */
const NOT_A_LEVEL = new Set(['drop_batch', 'q_thresh'])
/** WRED's per-class thresholds: only class 0, the one its curve shows, goes on the charts. */
const OTHER_CLASS = /_[1-9]\d*$/

function numberParam(info: AlgorithmInfo, aqm: AqmConfig, name: string): DragParam | null {
  const schema = info.params.find((p) => p.name === name)
  const value = aqm[name]
  if (!schema || schema.boolean || typeof value !== 'number' || !Number.isFinite(value)) return null
  return { name, label: schema.label, value, schema }
}

/** Same kind of unit: both packets, or the same other unit. */
export function sameUnit(a: string, b: string): boolean {
  return isPackets(a) ? isPackets(b) : a === b
}

/**
 * Parameters of the running algorithm that are levels of the queue in `chartUnit` (RED's min_th
 * and max_th, PI's q_ref, ...), to draw as draggable lines on the queue chart.
 */
export function queueLevels(info: AlgorithmInfo | undefined, aqm: AqmConfig | null, queueUnit: string, chartUnit: string): DragParam[] {
  if (!info || !aqm || aqm.kind !== info.kind) return []
  return info.params
    .filter((p) => !NOT_A_LEVEL.has(p.name) && !OTHER_CLASS.test(p.name))
    .filter((p) => sameUnit(resolveUnit(p.unit, queueUnit), chartUnit))
    .flatMap((p) => numberParam(info, aqm, p.name) ?? [])
}

/** Delay targets in milliseconds (CoDel's target, PIE's reference delay), for the delay chart. */
export function delayTargets(info: AlgorithmInfo | undefined, aqm: AqmConfig | null): DragParam[] {
  if (!info || !aqm || aqm.kind !== info.kind) return []
  return ['target', 'qdelay_ref'].flatMap((n) => {
    const p = numberParam(info, aqm, n)
    return p !== null && p.schema.unit === 'ms' ? [p] : []
  })
}

/** Algorithms whose probability parameter is only a starting value that the algorithm then adapts. */
const ADAPTIVE_P = new Set(['ared', 'qvared', 'feng_ared', 'hred'])

export interface CurveParams {
  /** Dragged along the queue axis (min_th, max_th). */
  levels: DragParam[]
  /** Dragged along the probability axis (max_p at max_th, HRED's p_min at min_th). */
  probability: { param: DragParam; at: DragParam } | null
}

export function curveParams(info: AlgorithmInfo | undefined, aqm: AqmConfig | null): CurveParams {
  const none: CurveParams = { levels: [], probability: null }
  if (!info || !aqm || aqm.kind !== info.kind) return none
  const pick = (...names: string[]) => names.map((n) => numberParam(info, aqm, n)).find((p) => p !== null) ?? null
  const minTh = pick('min_th', 'min_th_0')
  const maxTh = pick('max_th', 'max_th_0')
  const levels = [minTh, maxTh].filter((p) => p !== null)
  let probability: CurveParams['probability'] = null
  if (!ADAPTIVE_P.has(info.kind)) {
    const maxP = pick('max_p', 'max_p_0')
    if (maxP && maxTh) probability = { param: maxP, at: maxTh }
  }
  return { levels, probability }
}

// ---- where a dragged value may go -------------------------------------------------------------

/** Pairs that must stay ordered, lower first (the engine rejects anything else). */
const ORDERED: Array<[string, string]> = [['target', 'interval']]

function partners(name: string): { below: string[]; above: string[] } {
  const below: string[] = []
  const above: string[] = []
  const m = /^(min|max)_(.+)$/.exec(name)
  if (m) (m[1] === 'min' ? above : below).push(`${m[1] === 'min' ? 'max' : 'min'}_${m[2]}`)
  for (const [lo, hi] of ORDERED) {
    if (name === lo) above.push(hi)
    if (name === hi) below.push(lo)
  }
  return { below, above }
}

export interface Bounds {
  lo: number
  hi: number
}

/**
 * The range a dragged parameter may take right now: its schema range, below the buffer for queue
 * levels, and at least `gap` away from the parameter it must stay ordered with (min_th < max_th).
 */
export function dragBounds(p: DragParam, aqm: AqmConfig, gap: number, bufferLimit: number | null): Bounds {
  let lo = p.schema.min
  let hi = p.schema.max
  if (bufferLimit !== null && /(_th|q_ref)(_\d+)?$/.test(p.name)) hi = Math.min(hi, bufferLimit)
  if (/^(max_p|p_min)(_\d+)?$/.test(p.name)) {
    lo = Math.max(lo, gap) // the engine wants p in (0, 1]
    hi = Math.min(hi, 1)
  }
  const { below, above } = partners(p.name)
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

export interface LinkInfo {
  rateMbps: number
  meanPktSize: number
}

export interface TargetBand {
  lo: number
  hi: number
  /** 'band': ARED's target range of the average; 'delay': a delay target seen as a queue at line rate; 'ref': PI's reference. */
  kind: 'band' | 'delay' | 'ref'
  /** The delay target, for 'delay'. */
  ms?: number
}

/** Queue length (in `unit`) that drains in `ms` at the link rate. */
export function queueForDelay(ms: number, link: LinkInfo, unit: string): number {
  const bytes = (ms / 1000) * link.rateMbps * 1e6 / 8
  return isPackets(unit) ? bytes / link.meanPktSize : bytes
}

export function targetBand(aqm: AqmConfig | null, state: AqmState, link: LinkInfo | null, unit: string): TargetBand | null {
  if (!aqm) return null
  const lo = state.band_lo
  const hi = state.band_hi
  if (Number.isFinite(lo) && Number.isFinite(hi) && hi > lo) return { lo, hi, kind: 'band' }
  if (typeof aqm.q_ref === 'number' && aqm.q_ref > 0) return { lo: 0, hi: aqm.q_ref, kind: 'ref' }
  const ms = [aqm.target, aqm.qdelay_ref].find((v) => typeof v === 'number')
  if (typeof ms === 'number' && link !== null && link.rateMbps > 0 && link.meanPktSize > 0) {
    return { lo: 0, hi: queueForDelay(ms, link, unit), kind: 'delay', ms }
  }
  return null
}

/** A buffer size in the chart's unit (packets ↔ bytes through the mean packet size); null if unknown. */
export function bufferInUnit(size: number, unit: string, chartUnit: string, meanPktSize: number | null): number | null {
  if (isPackets(unit) === isPackets(chartUnit)) return isPackets(unit) || unit === chartUnit ? size : null
  if (meanPktSize === null) return null
  return isPackets(unit) ? size * meanPktSize : size / meanPktSize
}
