// A lesson table's queue rows in the unit the link declares its buffer in (issue 27, walk E25): on a link
// whose buffer is counted in bytes (seed 003: a 500 KB buffer of 500-byte packets) the lesson's text speaks
// of KB, so the table does too, one unit per row for every side. The summary holds the queue in packets;
// in bytes it is exact only when every queued packet has the same size, so the rows change unit only when
// every flow group of every side sends packets of one size, and otherwise stay in packets.
import type { JsonObject } from '../scenario/json'
import type { Metric } from '../engine/summary'

/** The engine's default packet size (bytes) for a group that does not set one. */
const DEFAULT_PACKET = 1000
/** 1 KB = 1000 bytes, as the presets and lesson texts write it (a "500 KB" buffer is 500,000 bytes). */
const KB = 1000

function groups(s: JsonObject): JsonObject[] {
  return Array.isArray(s.flows)
    ? s.flows.filter((g): g is JsonObject => typeof g === 'object' && g !== null && !Array.isArray(g))
    : []
}

/** The one packet size every side sends (bytes), if its buffer is in bytes; null otherwise. */
export function bytePacketSize(sides: readonly JsonObject[]): number | null {
  const sizes = new Set<number>()
  for (const s of sides) {
    const link = s.link
    if (typeof link !== 'object' || link === null || Array.isArray(link) || link.buffer_unit !== 'bytes') return null
    for (const g of groups(s)) sizes.add(typeof g.packet_size === 'number' ? g.packet_size : DEFAULT_PACKET)
  }
  return sizes.size === 1 ? [...sizes][0] : null
}

/** `m` as the table shows it: a queue row in KB when the sides' buffer is in bytes of one packet size. */
export function inTableUnit(m: Metric, packetBytes: number | null): Metric {
  if (packetBytes === null) return m
  if (m.id === 'mean_queue_pkts') return { ...m, key: 'mean_queue_kb', scale: packetBytes / KB, digits: 1 }
  if (m.id === 'std_queue_pkts') return { ...m, key: 'std_queue_kb', scale: packetBytes / KB, digits: 1 }
  return m
}
