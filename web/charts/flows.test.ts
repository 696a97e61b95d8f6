import { describe, expect, it } from 'vitest'
import type { FlowInfo } from '../scenario/running'
import { colourIndex, cwndBuckets, nearestTrace, variantsOf } from './flows'

// Six flows as the engine lists them for groups of 2 Cubic, 1 CBR source and 3 Reno HTTP sessions.
const flow = (index: number, group: number, variant: string): FlowInfo => ({
  index,
  group,
  variant,
  codepoint: 'not_ect',
  feedback: 'none',
})
const flows = [
  flow(0, 0, 'cubic'),
  flow(1, 0, 'cubic'),
  flow(2, 1, 'udp'),
  flow(3, 2, 'reno'),
  flow(4, 2, 'reno'),
  flow(5, 2, 'reno'),
]

describe('flows of a scenario', () => {
  it('gives each variant a fixed colour, and each flow its own when colouring by flow', () => {
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
