// Units of the engine's parameter schema. Queue thresholds are given in "queue unit": the unit the
// queue is measured in, i.e. the link's buffer unit, or bytes when the algorithm runs in byte mode.
import { catalog } from '../contract/engine'
import type { AqmConfig } from './protocol'

export const QUEUE_UNIT = 'queue unit'

const PACKETS = /^(packets?|pkts?)$/i

export function isPackets(unit: string): boolean {
  return PACKETS.test(unit)
}

/** The unit the running AQM measures the queue in. */
export function queueUnitOf(bufferUnit: string | undefined, aqm: AqmConfig | null): string {
  if (aqm?.byte_mode === true || aqm?.byte_mode === 1) return 'bytes'
  // An algorithm whose avg is a virtual queue (AVQ) counts it in bytes (Kunniyur & Srikant 2001), as its
  // declaration says: the queue chart then draws the real queue in bytes beside it, not bytes on a packet axis.
  const info = catalog.algorithms.find((a) => a.kind === aqm?.kind)
  if (info?.avg === 'virtual_queue') return 'bytes'
  return bufferUnit ?? 'packets'
}

/** A schema unit with "queue unit" replaced by the actual one. */
export function resolveUnit(unit: string, queueUnit: string): string {
  return unit === QUEUE_UNIT ? queueUnit : unit
}

/**
 * GFR's `avg` column is its buffer in ATM cells (its operating point: it keeps no average), about 23 times
 * the packet count for 1500-byte frames: drawn on the packet axis as an "average" it would hide the real
 * queue. The system view shows it in cells with LBO and HBO instead.
 */
export function avgIsCells(aqm: AqmConfig | null): boolean {
  return aqm?.kind === 'gfr'
}
