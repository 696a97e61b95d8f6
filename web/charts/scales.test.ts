import { describe, expect, it } from 'vitest'
import * as d3 from 'd3'
import { bucketEdges, cwndDomainMax, niceStep, pixelMap, queueDomainMax, roundTo, stickyMax } from './scales'

describe('chart scale helpers', () => {
  it('makes room for data and reference lines with a nice upper bound', () => {
    expect(queueDomainMax(42, [])).toBe(45)
    expect(queueDomainMax(3, [100])).toBe(110)
    expect(queueDomainMax(0, [])).toBeGreaterThanOrEqual(10)
    expect(queueDomainMax(NaN, [NaN, 20])).toBeGreaterThanOrEqual(21)
  })

  it('keeps a y maximum until the data outgrows it or leaves most of the chart empty', () => {
    expect(stickyMax(null, 40)).toBe(40)
    expect(stickyMax(40, 45)).toBe(45) // grows at once
    expect(stickyMax(40, 30)).toBe(40) // small dips do not shrink it
    expect(stickyMax(40, 20)).toBe(40)
    expect(stickyMax(40, 15)).toBe(15) // below 45 %: shrinks
    expect(stickyMax(NaN, 5)).toBe(5)
  })

  it('picks round steps and rounds without binary noise', () => {
    expect(niceStep(0.13)).toBe(0.1)
    expect(niceStep(0.3)).toBe(0.2)
    expect(niceStep(4)).toBe(5)
    expect(niceStep(800)).toBe(1000)
    expect(niceStep(0)).toBe(1)
    expect(roundTo(0.1 + 0.2, 0.1)).toBe(0.3)
    expect(roundTo(16.4, 1)).toBe(16)
    expect(roundTo(0.0214, 0.001)).toBe(0.021)
    expect(roundTo(7, 0)).toBe(7)
  })

  it('splits rows into buckets covering every row once, ending at the last', () => {
    expect(bucketEdges(0, 0, 10)).toEqual([])
    expect(bucketEdges(0, 5, 10)).toEqual([0, 1, 2, 3, 4, 5])
    const e = bucketEdges(100, 1100, 300)
    expect(e[0]).toBe(100)
    expect(e[e.length - 1]).toBe(1100)
    expect(e.length - 1).toBeLessThanOrEqual(300)
    for (let i = 1; i < e.length; i++) expect(e[i]).toBeGreaterThan(e[i - 1])
  })
})

describe('cwndDomainMax', () => {
  it('gives back the start-up spike once the traces fall below three quarters of the axis', () => {
    // 400 after slow start; every window now below 200 → the axis follows them down.
    expect(cwndDomainMax(400, 190)).toBe(200)
    // Small dips keep it steady.
    expect(cwndDomainMax(200, 170)).toBe(200)
    // It grows at once.
    expect(cwndDomainMax(200, 390)).toBe(450)
  })
})

describe('pixelMap', () => {
  it('maps like the D3 scale it stands for, plus the offset', () => {
    const cases: Array<[d3.ScaleContinuousNumeric<number, number>, number[]]> = [
      [d3.scaleLinear().domain([3.3, 23.3]).range([40, 627]), [3.3, 10, 23.3, -5, 40, Number.NaN]],
      [d3.scaleLinear().domain([0, 120]).range([99, 0]), [0, 17.5, 120, 150]],
      [d3.scaleLinear().domain([5, 5]).range([0, 80]), [5, 7, Number.NaN]],
      [d3.scaleSqrt().domain([0, 1]).range([100, 0]), [0, 0.01, 0.25, 1]],
      [d3.scaleLog().domain([1, 1000]).range([0, 300]), [1, 10, 999]],
    ]
    for (const [scale, values] of cases) {
      const px = pixelMap(scale, 7)
      for (const v of values) {
        const want = scale(v) + 7
        if (Number.isNaN(want)) expect(px(v)).toBeNaN()
        else expect(px(v)).toBeCloseTo(want, 9)
      }
    }
  })
})
