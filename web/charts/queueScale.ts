// The queue charts' scale: the unit the queue and probability charts draw in for the running scenario and
// algorithm, and the buffer's size in it. Shared by the chart table, the compare panes, the embed and the lessons.
import type { AlgorithmInfo, AqmConfig } from '../engine/protocol'
import type { ShownError, SimSnapshot, SimStore } from '../engine/store'
import { isPackets, queueUnitOf } from '../engine/units'
import type { RunningScenario } from '../scenario/running'
import type { TimeViewStore } from './timeWindow'

/** What the queue chart and the probability curve both draw from (the chart table's `queueProps`, web/chartset/). */
export interface QueueScaleProps {
  store: SimStore
  view: TimeViewStore
  info: AlgorithmInfo | undefined
  aqm: AqmConfig | null
  /** What the schema's "queue unit" means now: packets, or bytes in byte mode. */
  queueUnit: string
  /** Bottleneck buffer in the chart's unit, when known. */
  bufferLimit: number | null
  errors: Record<string, ShownError>
}

/** A buffer size in the chart's unit (packets ↔ bytes through the mean packet size); null if unknown. */
export function bufferInUnit(size: number, unit: string, chartUnit: string, meanPktSize: number | null): number | null {
  if (unit === chartUnit) return size
  if (isPackets(unit) === isPackets(chartUnit) || meanPktSize === null) return null
  return isPackets(unit) ? size * meanPktSize : size / meanPktSize
}

/** The queue charts' unit for the running scenario and algorithm, and the buffer's size in it (null if unknown). */
export function queueScale(
  running: RunningScenario | null,
  aqm: AqmConfig | null,
): { queueUnit: string; bufferLimit: number | null } {
  const buffer = running?.buffer ?? null
  const queueUnit = queueUnitOf(buffer?.unit, aqm)
  const chartUnit = queueUnit === 'bytes' ? 'bytes' : 'packets'
  const bufferLimit =
    buffer === null ? null : bufferInUnit(buffer.size, buffer.unit, chartUnit, running?.link?.meanPktSize ?? null)
  return { queueUnit, bufferLimit }
}

/** What the queue chart and the probability curve draw from, for a pane that has the whole snapshot. */
export function queueScaleProps(snapshot: SimSnapshot): Omit<QueueScaleProps, 'store' | 'view'> {
  const { aqm, errors } = snapshot
  const info = snapshot.algorithms.find((a) => a.kind === aqm?.kind)
  return { info, aqm, errors, ...queueScale(snapshot.running, aqm) }
}
