import { describe, expect, it } from 'vitest'
import type { JsonObject } from '../scenario/json'
import { flowsOf, readRunning } from '../scenario/running'
import { colourIndex, cwndBuckets, nearestTrace, variantsOf } from './flows'

const scenario: JsonObject = {
  flows: [
    { count: 2, tcp: 'cubic', traffic: { kind: 'ftp' } },
    { count: 1, tcp: 'reno', traffic: { kind: 'cbr', rate_mbps: 1 } },
    { count: 3, traffic: { kind: 'http' } },
  ],
}

describe('flows of a scenario', () => {
  it('expands groups into flows in engine order, UDP traffic having no TCP variant', () => {
    const flows = flowsOf(scenario)
    expect(flows.map((f) => f.variant)).toEqual(['cubic', 'cubic', 'udp', 'reno', 'reno', 'reno'])
    expect(flows.map((f) => f.group)).toEqual([0, 0, 1, 2, 2, 2])
    expect(flows[5].index).toBe(5)
    expect(readRunning('')).toBeNull()
    expect(flowsOf({ flows: 3 })).toEqual([])
  })

  it('gives each variant a fixed colour, and each flow its own when colouring by flow', () => {
    const flows = flowsOf(scenario)
    const variants = variantsOf(flows)
    expect(variants).toEqual(['reno', 'cubic', 'udp'])
    expect(colourIndex(0, 'variant', flows, variants)).toBe(1)
    expect(colourIndex(4, 'variant', flows, variants)).toBe(0)
    expect(colourIndex(4, 'flow', flows, variants)).toBe(4)
  })

  it('picks the trace nearest the pointer, within reach', () => {
    expect(nearestTrace([10, 50, 52, NaN], 49, 8)).toBe(1)
    expect(nearestTrace([10, 50, 52], 51.5, 8)).toBe(2)
    expect(nearestTrace([10, 50], 90, 8)).toBeNull()
    expect(nearestTrace([NaN, NaN], 0, 8)).toBeNull()
  })
})

describe('cwndBuckets', () => {
  it('gives few traces a bucket per pixel and many a share of the point budget, never below 40', () => {
    expect(cwndBuckets(587, 5)).toBe(587)
    expect(cwndBuckets(587, 30)).toBeCloseTo(587 / 3)
    expect(cwndBuckets(587, 100)).toBe(125)
    expect(cwndBuckets(587, 1000)).toBe(40)
    expect(cwndBuckets(30, 1000)).toBe(30)
  })
})
