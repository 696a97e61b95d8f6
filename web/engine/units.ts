// Units of the engine's parameter schema. Queue thresholds are given in "queue unit": the unit the
// queue is measured in, i.e. the link's buffer unit, or bytes when the algorithm runs in byte mode.
import { catalog, type Unit } from '../contract/engine'
import type { AqmConfig } from './protocol'

export const QUEUE_UNIT: Unit = 'queue unit'

const PACKETS: Unit = 'packets'

/** The engine spells every unit one way (the catalogue's `units`): a count of packets is "packets". */
export function isPackets(unit: string): boolean {
  return unit === PACKETS
}

/** The unit the running AQM measures the queue in. */
export function queueUnitOf(bufferUnit: string | undefined, aqm: AqmConfig | null): string {
  if (aqm?.byte_mode === true || aqm?.byte_mode === 1) return 'bytes'
  // An algorithm whose avg is a virtual queue (AVQ) counts it in bytes (Kunniyur & Srikant 2001), as its
  // declaration says: the queue chart then draws the real queue in bytes beside it, not bytes on a packet axis.
  if (algorithmOf(aqm?.kind)?.avg === 'virtual_queue') return 'bytes'
  return bufferUnit ?? 'packets'
}

/** A schema unit with "queue unit" replaced by the actual one. */
export function resolveUnit(unit: string, queueUnit: string): string {
  return unit === QUEUE_UNIT ? queueUnit : unit
}

/**
 * The discipline reports its own queue as `avg`, in its own buffer's unit (`avg: 'own_queue'`: GFR's ATM
 * cells, about 23 per 1500-byte frame); drawn on the packet axis as an "average" it would hide the real
 * queue. The system view shows it in its unit with the thresholds instead.
 */
export function avgIsOwnQueue(aqm: AqmConfig | null): boolean {
  return algorithmOf(aqm?.kind)?.avg === 'own_queue'
}

/**
 * The discipline's own buffer, where it holds its packets instead of the link's buffer (the catalogue's
 * `own_buffer`: GFR's MAX_Q in cells): the parameter's name, unit and default; null for every other one.
 */
export function ownBufferOf(kind: string): { name: string; unit: string; default: number } | null {
  const info = algorithmOf(kind)
  const spec = info?.params.find((p) => p.name === info.own_buffer)
  return spec === undefined ? null : { name: spec.name, unit: spec.unit, default: spec.default }
}

function algorithmOf(kind: string | undefined) {
  return catalog.algorithms.find((a) => a.kind === kind)
}
