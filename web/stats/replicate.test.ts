import { describe, expect, it } from 'vitest'
import { boxStats, covariance, ellipseOf, ellipsePoints, interval, overlaps, t975, tAbsCdf } from './replicate'

describe("Student's t", () => {
  it('has the closed-form distribution at hand-checked points', () => {
    // ν = 1 is Cauchy: P(|T| ≤ 1) = 1/2; ν = 2: P(|T| ≤ t) = t / √(2 + t²).
    expect(tAbsCdf(1, 1)).toBeCloseTo(0.5, 14)
    expect(tAbsCdf(2, 2)).toBeCloseTo(2 / Math.sqrt(6), 14)
  })
  it('gives the table quantiles t(0.975, ν)', () => {
    // Printed tables (e.g. NIST/SEMATECH e-Handbook 1.3.6.7.2), to the digits they print.
    const table: Array<[number, number]> = [
      [1, 12.706204736],
      [2, 4.30265273],
      [4, 2.776445105],
      [9, 2.262157163],
      [30, 2.042272456],
      [120, 1.979930405],
    ]
    for (const [df, t] of table) expect(t975(df)).toBeCloseTo(t, 8)
    expect(t975(0)).toBeNaN()
  })
})

describe('the 95 % interval of a mean', () => {
  it('matches a hand computation on 1, 2, 3, 4, 5', () => {
    // mean 3, s² = 10/4 = 2.5, half-width = t(0.975, 4) · √2.5 / √5 = 2.776445105 · 0.707106781 = 1.963243161
    const i = interval([1, 2, 3, 4, 5])
    expect(i.n).toBe(5)
    expect(i.mean).toBe(3)
    expect(i.sd).toBeCloseTo(Math.sqrt(2.5), 14)
    expect(i.ci95).toBeCloseTo(1.963243161, 8)
  })
  it('reports runs without spread as exactly their value with a zero half-width', () => {
    // 0.1 + 0.1 + 0.1 = 0.30000000000000004: the mean must not be a rounded sum.
    expect(interval([0.1, 0.1, 0.1])).toEqual({ n: 3, mean: 0.1, sd: 0, ci95: 0 })
  })
  it('skips undefined values and has no width from one run', () => {
    expect(interval([2, Number.NaN, 4])).toMatchObject({ n: 2, mean: 3 })
    const one = interval([7])
    expect(one.mean).toBe(7)
    expect(one.ci95).toBeNaN()
    expect(interval([]).mean).toBeNaN()
  })
  it('calls two intervals overlapping when the means are closer than the sum of half-widths', () => {
    const a = { n: 5, mean: 10, sd: 1, ci95: 1 }
    expect(overlaps(a, { n: 5, mean: 11.9, sd: 1, ci95: 1 })).toBe(true)
    expect(overlaps(a, { n: 5, mean: 12.1, sd: 1, ci95: 1 })).toBe(false)
    expect(overlaps(a, { n: 1, mean: 50, sd: Number.NaN, ci95: Number.NaN })).toBe(true)
  })
})

describe('the delay–goodput ellipse', () => {
  it('has the sample covariance computed by hand', () => {
    // x = 10, 20, 30 (mean 20); y = 1, 3, 2 (mean 2): sxx = 200/2, syy = 2/2, sxy = (−10·−1 + 0 + 10·0)/2
    expect(covariance([10, 20, 30], [1, 3, 2])).toEqual({ n: 3, mx: 20, my: 2, sxx: 100, syy: 1, sxy: 5 })
  })
  it('has semi-axes √eigenvalues along the eigenvectors', () => {
    const axis = ellipseOf({ n: 5, mx: 1, my: 2, sxx: 4, syy: 1, sxy: 0 })
    expect(axis).toEqual({ cx: 1, cy: 2, rx: 2, ry: 1, angle: 0 })
    // [[2,1],[1,2]]: eigenvalues 3 and 1, the major axis along (1,1).
    const tilted = ellipseOf({ n: 5, mx: 0, my: 0, sxx: 2, syy: 2, sxy: 1 })
    expect(tilted.rx).toBeCloseTo(Math.sqrt(3), 14)
    expect(tilted.ry).toBeCloseTo(1, 14)
    expect(tilted.angle).toBeCloseTo(Math.PI / 4, 14)
    // Its outline is centred on the mean.
    const pts = ellipsePoints({ ...tilted, cx: 5, cy: -3 }, 64)
    expect(pts.reduce((a, p) => a + p[0], 0) / 64).toBeCloseTo(5, 12)
    expect(pts.reduce((a, p) => a + p[1], 0) / 64).toBeCloseTo(-3, 12)
  })
})

describe('box plots', () => {
  it('give the quartiles by linear interpolation', () => {
    // 1, 2, 3, 4: Q1 at position 0.75 → 1.75, median 2.5, Q3 at 2.25 → 3.25
    expect(boxStats([4, 1, 3, 2, Number.NaN])).toEqual({ n: 4, min: 1, q1: 1.75, median: 2.5, q3: 3.25, max: 4 })
  })
})

describe('replication seeds', () => {
  it('are seed, seed+1, …, the first line untouched; the engine default seed is 1', async () => {
    const { replicas, parseRuns } = await import('./seeds')
    const line = '{"seed":4,"duration":10}'
    expect(replicas(line, 3)).toEqual([line, '{"seed":5,"duration":10}', '{"seed":6,"duration":10}'])
    expect(replicas('{"duration":10}', 2)[1]).toBe('{"duration":10,"seed":2}')
    expect(parseRuns('5')).toBe(5)
    expect(parseRuns('0')).toBeNull()
    expect(parseRuns('2.5')).toBeNull()
    expect(parseRuns('31')).toBeNull()
  })
})
