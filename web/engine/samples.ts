// A fixed-capacity ring buffer of sample rows, so an hour-long run uses bounded memory.
// Rows arrive row-major in Float64Arrays (stride = number of columns) from the worker.

export class SampleBuffer {
  readonly columns: readonly string[]
  readonly stride: number
  readonly capacity: number
  private readonly data: Float64Array
  private start = 0 // index (in rows) of the oldest row
  private count = 0
  private total = 0
  private readonly index: ReadonlyMap<string, number>
  /** Per-column sum over every row appended since the last clear (NaN rows skipped). */
  private readonly sums: Float64Array

  constructor(columns: readonly string[], capacity: number) {
    if (columns.length === 0) throw new Error('SampleBuffer needs at least one column')
    if (!(capacity > 0)) throw new Error('SampleBuffer capacity must be positive')
    this.columns = columns
    this.stride = columns.length
    this.capacity = Math.floor(capacity)
    this.data = new Float64Array(this.capacity * this.stride)
    this.index = new Map(columns.map((c, i) => [c, i]))
    this.sums = new Float64Array(this.stride)
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
    for (let i = 0; i < samples.length; i++) {
      const v = samples[i]
      if (!Number.isNaN(v)) this.sums[i % this.stride] += v
    }
    // Only the last `capacity` rows can survive.
    const skip = Math.max(0, rows - this.capacity)
    for (let r = skip; r < rows; r++) {
      const slot = (this.start + this.count) % this.capacity
      this.data.set(samples.subarray(r * this.stride, (r + 1) * this.stride), slot * this.stride)
      if (this.count < this.capacity) this.count++
      else this.start = (this.start + 1) % this.capacity
    }
    this.total += rows
  }

  clear(): void {
    this.start = 0
    this.count = 0
    this.total = 0
    this.sums.fill(0)
  }

  /** Sum of a column over every row received since the last clear, e.g. total drops. */
  sum(name: string): number {
    const col = this.columnIndex(name)
    return col < 0 ? Number.NaN : this.sums[col]
  }

  /** Value of column `col` in the i-th held row (0 = oldest). */
  at(i: number, col: number): number {
    return this.data[((this.start + i) % this.capacity) * this.stride + col]
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
}
