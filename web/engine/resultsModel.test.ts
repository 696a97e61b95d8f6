import { describe, expect, it } from 'vitest'
import { cdfPoints, mergeHistograms, parseHistogram, quantileBin, type DelayHistogram } from './resultsModel'

const h = (counts: number[]): DelayHistogram => ({
  edges_ms: [0, 0.01, 0.1, 1, 10, 100].slice(0, counts.length + 1),
  counts,
})

describe('delay histogram', () => {
  it('merges runs exactly by adding counts, and refuses different bins', () => {
    expect(mergeHistograms([h([1, 2, 3, 0, 4]), h([0, 5, 0, 1, 1])])).toEqual(h([1, 7, 3, 1, 5]))
    expect(mergeHistograms([])).toBeNull()
    expect(() => mergeHistograms([h([1, 2]), h([1, 2, 3])])).toThrow(/different bins/)
  })

  it('finds the bin of the ⌈q·n⌉-th smallest delay', () => {
    // 10 delays: 1 in [0, 0.01), 4 in [0.01, 0.1), 4 in [0.1, 1), 1 in [1, 10). p50 = 5th: [0.01, 0.1);
    // p95 = ⌈9.5⌉ = 10th: [1, 10); p60 = 6th: [0.1, 1).
    const x = h([1, 4, 4, 1])
    expect(quantileBin(x, 0.5)).toEqual([0.01, 0.1])
    expect(quantileBin(x, 0.6)).toEqual([0.1, 1])
    expect(quantileBin(x, 0.95)).toEqual([1, 10])
    expect(quantileBin(h([0, 0]), 0.5)).toBeNull()
  })

  it('draws the CDF at upper edges from the first non-empty bin to the last', () => {
    expect(cdfPoints(h([0, 2, 0, 2, 0]))).toEqual([
      [0.01, 0],
      [0.1, 0.5],
      [1, 0.5],
      [10, 1],
    ])
    expect(cdfPoints(h([0, 0]))).toEqual([])
  })

  it('rejects histograms whose edges and counts do not fit', () => {
    expect(parseHistogram({ edges_ms: [0, 1], counts: [1, 2] })).toBeNull()
    expect(parseHistogram({ edges_ms: [0, 1], counts: [-1] })).toBeNull()
    expect(parseHistogram({ edges_ms: [0, 1], counts: [3] })).toEqual({ edges_ms: [0, 1], counts: [3] })
  })
})
