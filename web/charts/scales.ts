// Scale and layout helpers shared by the charts. Pure functions over numbers, unit-tested.
import * as d3 from 'd3'
import type { AlgorithmInfo, AqmConfig } from '../engine/protocol'
import { isPackets, resolveUnit } from '../engine/units'

export interface Margin {
  top: number
  right: number
  bottom: number
  left: number
}

/** The x domain of a sliding window `span` seconds wide ending at `latest` (never before 0). */
export function timeWindow(latest: number, span: number): [number, number] {
  const end = Math.max(latest, span)
  return [end - span, end]
}

/** Upper end of the y domain: room for the data and every reference line, rounded nicely. */
export function queueDomainMax(dataMax: number, references: number[], floor = 10): number {
  const finite = [dataMax, ...references].filter((v) => Number.isFinite(v))
  const top = Math.max(floor, ...finite) * 1.05
  return d3.scaleLinear().domain([0, top]).nice().domain()[1]
}

export function linearScale(domain: [number, number], range: [number, number]): d3.ScaleLinear<number, number> {
  return d3.scaleLinear().domain(domain).range(range)
}

export interface Threshold {
  name: string
  label: string
  value: number
}

/**
 * Parameters measured in packets (RED's min_th and max_th, ...), to draw as horizontal lines on a
 * chart in packets. `queueUnit` is what the schema's "queue unit" stands for right now.
 */
export function packetThresholds(info: AlgorithmInfo | undefined, aqm: AqmConfig | null, queueUnit: string): Threshold[] {
  if (!info || !aqm || aqm.kind !== info.kind) return []
  const out: Threshold[] = []
  for (const p of info.params) {
    const v = aqm[p.name]
    if (!p.boolean && isPackets(resolveUnit(p.unit, queueUnit)) && typeof v === 'number' && Number.isFinite(v)) {
      out.push({ name: p.name, label: p.label, value: v })
    }
  }
  return out
}

/** Row indices to draw so that at most about `maxPoints` are plotted (keeps every k-th row). */
export function decimate(from: number, to: number, maxPoints: number): number[] {
  const n = Math.max(0, to - from)
  const stride = Math.max(1, Math.ceil(n / Math.max(1, maxPoints)))
  const out: number[] = []
  for (let i = from; i < to; i += stride) out.push(i)
  if (n > 0 && out[out.length - 1] !== to - 1) out.push(to - 1)
  return out
}
