import { describe, expect, it } from 'vitest'
import { curveXMax, densify, sameCurve } from './curve'

/** RED's curve: 0 up to min_th 5, 0.02 at max_th 15, then 1 up to a 100-packet buffer. */
const red: Array<[number, number]> = [
  [0, 0],
  [5, 0],
  [15, 0.02],
  [15, 1],
  [100, 1],
]

describe('the drop-probability panel', () => {
  it('shows the queue axis past the jump to p = 1 and the thresholds, not to the end of a big buffer', () => {
    expect(curveXMax(red, [5, 15], 4)).toBe(24)
    const gentle: Array<[number, number]> = [
      [0, 0],
      [5, 0],
      [15, 0.02],
      [30, 1],
      [100, 1],
    ]
    expect(curveXMax(gentle, [5, 15], 4)).toBe(40)
    // A far operating point widens it; the buffer (the curve's end) caps it.
    expect(curveXMax(red, [5, 15], 60)).toBe(70)
    expect(curveXMax(red, [5, 15], 99)).toBe(100)
  })

  it('tells identical curves apart from changed ones', () => {
    expect(
      sameCurve(
        [
          [0, 0],
          [5, 0.1],
        ],
        [
          [0, 0],
          [5, 0.1],
        ],
      ),
    ).toBe(true)
    expect(
      sameCurve(
        [
          [0, 0],
          [5, 0.1],
        ],
        [
          [0, 0],
          [6, 0.1],
        ],
      ),
    ).toBe(false)
    expect(sameCurve(null, [[0, 0]])).toBe(false)
    expect(sameCurve(null, null)).toBe(true)
  })

  it('fills each sloped segment so the line follows p on the square-root axis', () => {
    const d = densify(red, 4)
    // Flat and vertical segments stay as they are; the ramp gets three points inside.
    expect(d).toEqual([
      [0, 0],
      [5, 0],
      [7.5, 0.005],
      [10, 0.01],
      [12.5, 0.015],
      [15, 0.02],
      [15, 1],
      [100, 1],
    ])
    // Mid-ramp (avg 10) the drawn line passes through p_b = max_p / 2 = 0.01, as RED computes it.
    const mid = d.find(([x]) => x === 10)
    expect(mid?.[1]).toBeCloseTo(0.01, 15)
  })
})
