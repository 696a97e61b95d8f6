import { describe, expect, it } from 'vitest'
import { DecimatedHistory, SampleBuffer } from './samples'

const rows = (...r: number[][]) => new Float64Array(r.flat())

describe('SampleBuffer', () => {
  it('unpacks row-major blocks by column name', () => {
    const b = new SampleBuffer(['t', 'q_pkts', 'avg'], 10)
    b.append(rows([0, 1, NaN], [0.05, 2, 1.5]))
    b.append(rows([0.1, 4, 2]))
    expect(b.length).toBe(3)
    expect(b.tail('q_pkts', 10)).toEqual([1, 2, 4])
    expect(b.tail('q_pkts', 2)).toEqual([2, 4])
    expect(b.latest()).toEqual({ t: 0.1, q_pkts: 4, avg: 2 })
    expect(b.tail('missing', 3)).toEqual([])
  })

  it('keeps only the newest rows once full, oldest first', () => {
    const b = new SampleBuffer(['t', 'q'], 3)
    b.append(rows([0, 10], [1, 11]))
    b.append(rows([2, 12], [3, 13], [4, 14]))
    expect(b.length).toBe(3)
    expect(b.received).toBe(5)
    expect(b.tail('t', 3)).toEqual([2, 3, 4])
    // A single block larger than the ring keeps its last rows.
    b.append(rows([5, 0], [6, 0], [7, 0], [8, 0]))
    expect(b.tail('t', 3)).toEqual([6, 7, 8])
  })

  it('rejects a block that is not a whole number of rows', () => {
    const b = new SampleBuffer(['t', 'q'], 3)
    expect(() => b.append(new Float64Array([1, 2, 3]))).toThrow(/multiple of 2/)
  })

  it('finds the first row at or after a time across the wrap-around', () => {
    const b = new SampleBuffer(['t'], 4)
    b.append(rows([0], [1], [2], [3], [4], [5]))
    expect(b.tail('t', 4)).toEqual([2, 3, 4, 5])
    expect(b.firstAtOrAfter(3.5)).toBe(2)
    expect(b.firstAtOrAfter(-1)).toBe(0)
    expect(b.firstAtOrAfter(99)).toBe(4)
  })

  it('sums a count column over every row received, including rows the ring dropped', () => {
    const b = new SampleBuffer(['t', 'drops', 'q_pkts'], 2)
    b.append(rows([0, 1, 5], [1, NaN, 6], [2, 3, 7]))
    b.append(rows([3, 4, 8]))
    expect(b.sum('drops')).toBe(8)
    expect(b.sum('missing')).toBeNaN()
    // A level (not a count) has no meaningful total: the buffer keeps none.
    expect(b.sum('q_pkts')).toBeNaN()
    b.clear()
    expect(b.sum('drops')).toBe(0)
  })

  it('clears to empty', () => {
    const b = new SampleBuffer(['t'], 4)
    b.append(rows([0], [1]))
    b.clear()
    expect(b.length).toBe(0)
    expect(b.latest()).toBeNull()
  })

  it('sums any held range of a count or throughput column, across the wrap-around', () => {
    const b = new SampleBuffer(['t', 'drops', 'thr_0', 'q_pkts'], 4)
    b.append(rows([0, 1, 10, 5], [1, 2, NaN, 6], [2, 3, 30, 7]))
    expect(b.rangeSum(0, 3, 1)).toBe(6)
    expect(b.rangeSum(1, 3, 2)).toBe(30) // NaN counts as nothing
    expect(b.rangeSum(1, 2, 1)).toBe(2)
    b.append(rows([3, 4, 40, 8], [4, 5, 50, 9], [5, 6, 60, 10]))
    // Held now: t = 2..5 (drops 3, 4, 5, 6).
    expect(b.tail('t', 4)).toEqual([2, 3, 4, 5])
    expect(b.rangeSum(0, 4, 1)).toBe(18)
    expect(b.rangeSum(1, 3, 1)).toBe(9)
    expect(b.rangeSum(2, 4, 2)).toBe(110)
    // A column without running totals is summed by a loop, with the same answer.
    expect(b.rangeSum(0, 4, 3)).toBe(34)
    expect(b.rangeSum(3, 3, 1)).toBe(0)
    expect(b.rangeSum(-5, 99, 1)).toBe(18)
  })

  it('keeps a decimated history of the whole run: counts added up, values averaged', () => {
    const b = new SampleBuffer(['t', 'q_pkts', 'drops'], 4, { historyRows: 3, historyFactor: 2 })
    const h = b.history
    if (h === null) throw new Error('expected a history')
    b.append(rows([1, 10, 1], [2, 20, 0], [3, NaN, 2], [4, 40, 1]))
    expect(h.length).toBe(2)
    expect([h.at(0, 0), h.at(0, 1), h.at(0, 2)]).toEqual([2, 15, 1])
    expect([h.at(1, 0), h.at(1, 1), h.at(1, 2)]).toEqual([4, 40, 3])
    b.append(rows([5, 50, 0], [6, 60, 0]))
    expect(h.length).toBe(3)
    // The fourth history row does not fit: rows merge pairwise and the factor doubles.
    b.append(rows([7, 70, 5], [8, 80, 5]))
    expect(h.factor).toBe(4)
    expect(h.length).toBe(3)
    expect(h.tail('t', 3)).toEqual([4, 6, 8])
    expect(h.tail('q_pkts', 3)).toEqual([27.5, 55, 75])
    expect(h.tail('drops', 3)).toEqual([4, 0, 10])
    expect(h.rangeSum(0, 3, 2)).toBe(14)
    b.clear()
    expect(h.length).toBe(0)
    expect(h.factor).toBe(2)
  })

  it('bounds the history: an hour at 50 ms stays within its rows and reaches back to the start', () => {
    const h = new DecimatedHistory(['t', 'q'], 256, 8)
    const block = new Float64Array(2 * 1200)
    for (let minute = 0; minute < 60; minute++) {
      for (let i = 0; i < 1200; i++) {
        block[2 * i] = (minute * 1200 + i + 1) * 0.05
        block[2 * i + 1] = i % 2
      }
      h.appendRows(block)
    }
    expect(h.length).toBeLessThanOrEqual(256)
    expect(h.length).toBeGreaterThan(128)
    expect(h.at(0, 0)).toBeCloseTo(h.factor * 0.05, 9)
    expect(h.at(0, 1)).toBeCloseTo(0.5, 9)
  })

  it('draws a window from the ring while it holds the start, else from the history', () => {
    const b = new SampleBuffer(['t'], 4, { historyRows: 8, historyFactor: 1 })
    b.append(rows([0], [1], [2]))
    expect(b.rowsFrom(0)).toBe(b) // nothing overwritten yet
    b.append(rows([3], [4], [5]))
    expect(b.rowsFrom(2.5)).toBe(b)
    expect(b.rowsFrom(1)).toBe(b.history)
  })
})

describe('SampleBuffer.copyColumn', () => {
  it('copies a column of held rows, across the place where the ring wraps', () => {
    const b = new SampleBuffer(['t', 'v'], 4)
    b.append(rows([0, 10], [1, 11], [2, 12], [3, 13], [4, 14], [5, 15])) // holds t = 2..5, wrapped
    const out = new Float64Array(4).fill(-1)
    b.copyColumn(1, 0, 4, out)
    expect([...out]).toEqual([12, 13, 14, 15])
    out.fill(-1)
    b.copyColumn(0, 1, 3, out)
    expect([...out]).toEqual([3, 4, -1, -1])
  })
})

describe('SampleBuffer.widened', () => {
  // t, q_pkts, drops: a level and a cumulative count (./columns); the ring holds 4 of 6 rows.
  const rows = (from: number, n: number, width: number) =>
    Float64Array.from({ length: n * width }, (_, i) => {
      const [r, j] = [from + Math.floor(i / width), i % width]
      return j === 0 ? r : j === 1 ? 10 * r : j === 2 ? 1 : 100 + r
    })

  it('keeps the rows, their order and the totals, and reads NaN in the appended columns before the swap', () => {
    const b = new SampleBuffer(['t', 'q_pkts', 'drops'], 4, { historyRows: 4, historyFactor: 2 })
    b.append(rows(0, 6, 3))
    const w = b.widened(['state_l_packets'])
    expect(w.columns).toEqual(['t', 'q_pkts', 'drops', 'state_l_packets'])
    expect([w.length, w.received]).toEqual([4, 6])
    expect(w.tail('t', 4)).toEqual([2, 3, 4, 5])
    expect(w.tail('q_pkts', 4)).toEqual([20, 30, 40, 50])
    expect(w.tail('state_l_packets', 4).every(Number.isNaN)).toBe(true)
    // Totals over the whole run and over held ranges carry over.
    expect(w.sum('drops')).toBe(6)
    expect(w.rangeSum(1, 3, w.columnIndex('drops'))).toBe(2)
    // The history still reaches back to the start; its pending fine rows have no value in the new column.
    expect(w.history?.length).toBe(b.history?.length)
    expect(w.history?.at(0, 0)).toBe(b.history?.at(0, 0))
    // Rows after the swap carry the new column.
    w.append(rows(6, 2, 4))
    expect(w.tail('state_l_packets', 3)).toEqual([Number.NaN, 106, 107])
    expect(w.sum('drops')).toBe(8)
    expect(w.rangeSum(0, 4, w.columnIndex('drops'))).toBe(4)
    const h = w.history
    expect(h).not.toBeNull()
    if (h === null) return
    const l = h.columnIndex('state_l_packets')
    const merged = Array.from({ length: h.length }, (_, i) => h.at(i, l))
    expect(merged.slice(0, -1).every(Number.isNaN)).toBe(true)
    expect(merged[merged.length - 1]).toBe(106.5)
  })
})
