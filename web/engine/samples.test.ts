import { describe, expect, it } from 'vitest'
import { SampleBuffer } from './samples'

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

  it('sums a column over every row received, including rows the ring dropped', () => {
    const b = new SampleBuffer(['t', 'drops'], 2)
    b.append(rows([0, 1], [1, NaN], [2, 3]))
    b.append(rows([3, 4]))
    expect(b.sum('drops')).toBe(8)
    expect(b.sum('missing')).toBeNaN()
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
})
