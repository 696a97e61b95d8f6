// A fixed-capacity ring buffer of sample rows, so an hour-long run uses bounded memory.
// Rows arrive row-major in Float64Arrays (stride = number of columns) from the worker.
// Beside the ring, a decimated history keeps the whole run at a coarser resolution (for zooming
// out), and count-like columns keep running totals so a chart can sum any row range in O(1).

import { isCountColumn, isCumulativeColumn } from './columns'

// Which columns are counts (merged rows add them up; every other column is averaged) and which keep running
// totals (counts and rates: per-flow throughputs, utilisation) is the engine's declaration (./columns).

/** Read access shared by the live ring and its history: what the charts draw from. */
export interface Rows {
  readonly columns: readonly string[]
  /** Rows currently held. */
  readonly length: number
  columnIndex(name: string): number
  /** Value of column `col` in the i-th held row (0 = oldest). */
  at(i: number, col: number): number
  /** Copies column `col` of held rows [from, to) into `out` from index 0 (a chart's pass over one trace). */
  copyColumn(col: number, from: number, to: number, out: Float64Array): void
  /** Sum of column `col` over held rows [from, to), NaN skipped; O(1) for cumulative columns. */
  rangeSum(from: number, to: number, col: number): number
  firstAtOrAfter(t: number, timeColumn?: string): number
}

export interface SampleBufferOptions {
  /** Rows of the decimated history (0: none). Default: half the capacity. */
  historyRows?: number
  /** Fine rows merged into one history row at first; doubles each time the history fills. */
  historyFactor?: number
}

export class SampleBuffer implements Rows {
  readonly columns: readonly string[]
  readonly stride: number
  readonly capacity: number
  /** The whole run at a coarser resolution; null for a history buffer itself. */
  readonly history: DecimatedHistory | null
  private readonly data: Float64Array
  private start = 0 // index (in rows) of the oldest row
  private count = 0
  private total = 0
  private readonly index: ReadonlyMap<string, number>
  /** Per cumulative column (by column index; 0 elsewhere): its sum over every row since the last clear, NaN skipped. */
  private readonly sums: Float64Array
  /** Indices of the cumulative columns, and for each held row their totals before that row. */
  private readonly cumCols: Int32Array
  private readonly cumSlot: Int32Array
  private readonly cumBefore: Float64Array

  constructor(columns: readonly string[], capacity: number, options: SampleBufferOptions = {}) {
    if (columns.length === 0) throw new Error('SampleBuffer needs at least one column')
    if (!(capacity > 0)) throw new Error('SampleBuffer capacity must be positive')
    this.columns = columns
    this.stride = columns.length
    this.capacity = Math.floor(capacity)
    this.data = new Float64Array(this.capacity * this.stride)
    this.index = new Map(columns.map((c, i) => [c, i]))
    this.sums = new Float64Array(this.stride)
    const cum = columns.flatMap((c, i) => (isCumulativeColumn(c) ? [i] : []))
    this.cumCols = Int32Array.from(cum)
    this.cumSlot = new Int32Array(this.stride).fill(-1)
    cum.forEach((col, k) => (this.cumSlot[col] = k))
    this.cumBefore = new Float64Array(this.capacity * cum.length)
    const historyRows = options.historyRows ?? Math.floor(this.capacity / 2)
    this.history = historyRows >= 2 ? new DecimatedHistory(columns, historyRows, options.historyFactor ?? 8) : null
  }

  /** Rows currently held (at most `capacity`). */
  get length(): number {
    return this.count
  }

  /** Rows ever appended, including the ones the ring has overwritten. */
  get received(): number {
    return this.total
  }

  columnIndex(name: string): number {
    return this.index.get(name) ?? -1
  }

  /** Appends row-major samples; a trailing partial row is an error (wrong stride). */
  append(samples: Float64Array): void {
    if (samples.length % this.stride !== 0) {
      throw new Error(`sample block of ${samples.length} values is not a multiple of ${this.stride} columns`)
    }
    const rows = samples.length / this.stride
    for (let r = 0; r < rows; r++) this.push(samples.subarray(r * this.stride, (r + 1) * this.stride))
    this.history?.appendRows(samples)
  }

  /** Appends one row (stride values). */
  protected push(row: Float64Array): void {
    const slot = (this.start + this.count) % this.capacity
    const nCum = this.cumCols.length
    // Only the cumulative columns keep totals: a third of the columns, and the rest are never summed.
    for (let k = 0; k < nCum; k++) {
      const j = this.cumCols[k]
      this.cumBefore[slot * nCum + k] = this.sums[j]
      const v = row[j]
      if (!Number.isNaN(v)) this.sums[j] += v
    }
    this.data.set(row, slot * this.stride)
    if (this.count < this.capacity) this.count++
    else this.start = (this.start + 1) % this.capacity
    this.total++
  }

  /**
   * This buffer with `extra` columns appended: every row held (and the history) reads NaN in them, totals and
   * the ring's order are kept. For a discipline swapped in mid-run that traces entries the run did not have.
   */
  widened(extra: readonly string[]): SampleBuffer {
    const h = this.history
    const out = new SampleBuffer([...this.columns, ...extra], this.capacity, {
      historyRows: h?.capacity ?? 0,
      historyFactor: h?.initialFactor,
    })
    this.copyInto(out)
    if (h !== null && out.history !== null) h.copyHistoryInto(out.history)
    return out
  }

  /** Copies rows, order and totals into `out`, whose columns begin with this buffer's (the rest NaN). */
  protected copyInto(out: SampleBuffer): void {
    out.data.fill(Number.NaN)
    for (let r = 0; r < this.capacity; r++) {
      out.data.set(this.data.subarray(r * this.stride, (r + 1) * this.stride), r * out.stride)
    }
    out.start = this.start
    out.count = this.count
    out.total = this.total
    out.sums.set(this.sums)
    // The old cumulative columns keep their slots (new columns come after them), so their totals carry over.
    const [nOld, nNew] = [this.cumCols.length, out.cumCols.length]
    for (let r = 0; r < this.capacity; r++) {
      for (let k = 0; k < nOld; k++) out.cumBefore[r * nNew + k] = this.cumBefore[r * nOld + k]
    }
  }

  clear(): void {
    this.start = 0
    this.count = 0
    this.total = 0
    this.sums.fill(0)
    this.history?.clear()
  }

  /** Sum of a cumulative column (counts and rates, ./columns) over every row received since the last clear, e.g. total drops; NaN for any other column. */
  sum(name: string): number {
    const col = this.columnIndex(name)
    return col < 0 || this.cumSlot[col] < 0 ? Number.NaN : this.sums[col]
  }

  /** Value of column `col` in the i-th held row (0 = oldest). */
  at(i: number, col: number): number {
    return this.data[((this.start + i) % this.capacity) * this.stride + col]
  }

  copyColumn(col: number, from: number, to: number, out: Float64Array): void {
    // Two straight runs (before and after the ring wraps) instead of a modulo per value.
    const n = to - from
    const first = (this.start + from) % this.capacity
    const run = Math.min(n, this.capacity - first)
    const { data, stride } = this
    for (let k = 0, at = first * stride + col; k < run; k++, at += stride) out[k] = data[at]
    for (let k = run, at = col; k < n; k++, at += stride) out[k] = data[at]
  }

  rangeSum(from: number, to: number, col: number): number {
    const a = Math.max(0, from)
    const b = Math.min(this.count, to)
    if (b <= a || col < 0) return 0
    const k = this.cumSlot[col]
    if (k >= 0) {
      const nCum = this.cumCols.length
      const atB = b < this.count ? this.cumBefore[((this.start + b) % this.capacity) * nCum + k] : this.sums[col]
      return atB - this.cumBefore[((this.start + a) % this.capacity) * nCum + k]
    }
    let s = 0
    for (let i = a; i < b; i++) {
      const v = this.at(i, col)
      if (!Number.isNaN(v)) s += v
    }
    return s
  }

  /** The last row as a name → value record, or null when empty. */
  latest(): Record<string, number> | null {
    if (this.count === 0) return null
    const out: Record<string, number> = {}
    this.columns.forEach((c, j) => {
      out[c] = this.at(this.count - 1, j)
    })
    return out
  }

  /** The last `n` values of a column, oldest first. */
  tail(name: string, n: number): number[] {
    const col = this.columnIndex(name)
    if (col < 0) return []
    const from = Math.max(0, this.count - n)
    const out: number[] = []
    for (let i = from; i < this.count; i++) out.push(this.at(i, col))
    return out
  }

  /** Index of the first held row whose time column is ≥ t (binary search; times ascend). */
  firstAtOrAfter(t: number, timeColumn = 't'): number {
    const col = this.columnIndex(timeColumn)
    if (col < 0) return 0
    let lo = 0
    let hi = this.count
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if (this.at(mid, col) < t) lo = mid + 1
      else hi = mid
    }
    return lo
  }

  /**
   * What to draw a window starting at `t0` from: this ring while it still holds t0, else the
   * history (coarser, but reaching back to the start of the run).
   */
  rowsFrom(t0: number): Rows {
    const h = this.history
    const tCol = this.columnIndex('t')
    if (h === null || h.length === 0 || tCol < 0 || this.total <= this.capacity || this.count === 0) return this
    return this.at(0, tCol) <= t0 ? this : h
  }
}

/**
 * The whole run in at most `capacity` rows: every `factor` fine rows become one (counts added up,
 * other columns averaged, the time of the last). When full, neighbouring rows merge pairwise and
 * the factor doubles, so the resolution halves but the start of the run is never lost.
 */
export class DecimatedHistory extends SampleBuffer {
  private factorNow: number
  private readonly baseFactor: number
  private readonly acc: Float64Array
  /** NaN values per column among the pending rows (rare: one write per value saved on the others). */
  private readonly accNaN: Float64Array
  private pending = 0
  private readonly isCount: boolean[]
  private readonly tCol: number
  private readonly scratch: Float64Array

  constructor(columns: readonly string[], capacity: number, factor: number) {
    super(columns, capacity, { historyRows: 0 })
    this.baseFactor = Math.max(1, Math.floor(factor))
    this.factorNow = this.baseFactor
    this.acc = new Float64Array(this.stride)
    this.accNaN = new Float64Array(this.stride)
    this.isCount = columns.map((c) => isCountColumn(c))
    this.tCol = this.columnIndex('t')
    this.scratch = new Float64Array(this.stride)
  }

  /** Fine rows per history row at the start of a run. */
  get initialFactor(): number {
    return this.baseFactor
  }

  /** Copies rows, totals, the factor and the rows not yet merged into `out` (columns as in `widened`). */
  copyHistoryInto(out: DecimatedHistory): void {
    this.copyInto(out)
    out.factorNow = this.factorNow
    out.pending = this.pending
    out.acc.set(this.acc)
    out.accNaN.set(this.accNaN)
    // The pending fine rows had no value in the new columns.
    for (let j = this.stride; j < out.stride; j++) out.accNaN[j] = this.pending
  }

  /** Fine rows per history row right now. */
  get factor(): number {
    return this.factorNow
  }

  appendRows(samples: Float64Array): void {
    const { acc, accNaN, stride } = this
    for (let at = 0; at + stride <= samples.length; at += stride) {
      for (let j = 0; j < stride; j++) {
        const v = samples[at + j]
        if (v === v) acc[j] += v
        else accNaN[j]++
      }
      if (this.tCol >= 0) acc[this.tCol] = samples[at + this.tCol]
      if (++this.pending >= this.factorNow) this.emit()
    }
  }

  private emit(): void {
    const row = this.scratch
    for (let j = 0; j < this.stride; j++) {
      const n = this.pending - this.accNaN[j]
      if (j === this.tCol || this.isCount[j]) row[j] = this.acc[j]
      else row[j] = n > 0 ? this.acc[j] / n : Number.NaN
    }
    this.acc.fill(0)
    this.accNaN.fill(0)
    this.pending = 0
    if (this.length === this.capacity) this.halve()
    this.push(row)
  }

  /** Merges rows pairwise (an odd last row stays alone) and doubles the factor. */
  private halve(): void {
    const n = this.length
    const merged = new Float64Array(Math.ceil(n / 2) * this.stride)
    for (let i = 0; i < n; i += 2) {
      const last = Math.min(i + 1, n - 1)
      const out = (i / 2) * this.stride
      for (let j = 0; j < this.stride; j++) {
        const a = this.at(i, j)
        const b = last === i ? Number.NaN : this.at(last, j)
        const sum = (Number.isNaN(a) ? 0 : a) + (Number.isNaN(b) ? 0 : b)
        const k = (Number.isNaN(a) ? 0 : 1) + (Number.isNaN(b) ? 0 : 1)
        if (j === this.tCol) merged[out + j] = this.at(last, j)
        else if (this.isCount[j]) merged[out + j] = sum
        else merged[out + j] = k > 0 ? sum / k : Number.NaN
      }
    }
    super.clear()
    for (let at = 0; at < merged.length; at += this.stride) this.push(merged.subarray(at, at + this.stride))
    this.factorNow *= 2
  }

  override clear(): void {
    super.clear()
    this.acc.fill(0)
    this.accNaN.fill(0)
    this.pending = 0
    this.factorNow = this.baseFactor
  }
}
