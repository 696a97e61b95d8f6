// Evidence that the sides of a comparison carry identical traffic: until the first drop or mark on
// any side, a FIFO discipline has made no decision yet, so every column that does not describe the
// AQM itself (queue, delay, utilisation, each flow's cwnd and throughput) must be bit-identical.
import { isAqmColumn } from '../engine/columns'
import type { SampleBuffer } from '../engine/samples'

export function trafficColumns(columns: readonly string[]): string[] {
  return columns.filter((c) => !isAqmColumn(c))
}

/** Simulated time of the first sample interval with a drop or a mark; Infinity if none yet. */
export function firstSignalTime(buffer: SampleBuffer): number {
  const t = buffer.columnIndex('t')
  const cols = ['drops', 'marks'].map((c) => buffer.columnIndex(c)).filter((c) => c >= 0)
  for (let i = 0; i < buffer.length; i++) {
    if (cols.some((c) => buffer.at(i, c) > 0)) return buffer.at(i, t)
  }
  return Number.POSITIVE_INFINITY
}

/** FNV-1a (32 bit) over the IEEE-754 bits of `columns` in every row with t < `before`. */
export function prefixDigest(
  buffer: SampleBuffer,
  columns: readonly string[],
  before: number,
): { rows: number; digest: string } {
  const t = buffer.columnIndex('t')
  const idx = columns.map((c) => buffer.columnIndex(c))
  const bytes = new Uint8Array(8)
  const view = new DataView(bytes.buffer)
  let h = 0x811c9dc5
  let rows = 0
  for (let i = 0; i < buffer.length && buffer.at(i, t) < before; i++) {
    rows++
    for (const c of idx) {
      view.setFloat64(0, c < 0 ? Number.NaN : buffer.at(i, c))
      for (const b of bytes) h = Math.imul(h ^ b, 0x01000193) >>> 0
    }
  }
  return { rows, digest: h.toString(16).padStart(8, '0') }
}
