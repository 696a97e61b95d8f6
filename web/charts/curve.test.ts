import { describe, expect, it } from 'vitest'
import { curveXMax, sameCurve } from './curve'

describe('the drop-probability panel', () => {
  it('shows the queue axis past the jump to p = 1 and the thresholds, not to the end of a big buffer', () => {
    const red: Array<[number, number]> = [[0, 0], [5, 0], [15, 0.02], [15, 1], [100, 1]]
    expect(curveXMax(red, [5, 15], 4)).toBe(24)
    const gentle: Array<[number, number]> = [[0, 0], [5, 0], [15, 0.02], [30, 1], [100, 1]]
    expect(curveXMax(gentle, [5, 15], 4)).toBe(40)
    // A far operating point widens it; the buffer (the curve's end) caps it.
    expect(curveXMax(red, [5, 15], 60)).toBe(70)
    expect(curveXMax(red, [5, 15], 99)).toBe(100)
  })

  it('tells identical curves apart from changed ones', () => {
    expect(sameCurve([[0, 0], [5, 0.1]], [[0, 0], [5, 0.1]])).toBe(true)
    expect(sameCurve([[0, 0], [5, 0.1]], [[0, 0], [6, 0.1]])).toBe(false)
    expect(sameCurve(null, [[0, 0]])).toBe(false)
    expect(sameCurve(null, null)).toBe(true)
  })
})
