// Measurements a walk-through reads from the live trace to check a prediction.
import type { SampleBuffer } from '../engine/samples'

// The full-run measures live with the lessons (the worksheet's answer key reads them there).
export { fullRunMeasure, lessonValue } from './lessons'

/** Mean of `column` over the held rows from simulated time `from` on; NaN when there are none. */
export function meanAfter(buffer: SampleBuffer | null, column: string, from: number): number {
  if (buffer === null) return Number.NaN
  const t = buffer.columnIndex('t')
  const c = buffer.columnIndex(column)
  if (t < 0 || c < 0) return Number.NaN
  let sum = 0
  let n = 0
  for (let i = 0; i < buffer.length; i++) {
    const v = buffer.at(i, c)
    if (buffer.at(i, t) >= from && Number.isFinite(v)) {
      sum += v
      n++
    }
  }
  return n === 0 ? Number.NaN : sum / n
}
