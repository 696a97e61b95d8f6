import { describe, expect, it } from 'vitest'
import { GRIP_PX, gripSpan, neighbourGaps } from './gripSpan'

describe('gripSpan', () => {
  it('centres a full grip on a lone line', () => {
    expect(gripSpan(Infinity, Infinity)).toEqual({ top: -7, bottom: 7 })
  })
  it('keeps the two spans of lines 2.5 px apart disjoint, each on its own side', () => {
    const lower = gripSpan(2.5, Infinity) // min_th: max_th's line 2.5 px above
    const upper = gripSpan(Infinity, 2.5) // max_th: min_th's line 2.5 px below
    expect(lower).toEqual({ top: -1.25, bottom: GRIP_PX - 1.25 })
    expect(upper).toEqual({ top: -(GRIP_PX - 1.25), bottom: 1.25 })
    // In screen rows with min's line at 0 and max's at -2.5: min owns [-1.25, 12.75], max owns [-15.25, -1.25].
    expect(-2.5 + upper.bottom).toBeLessThanOrEqual(lower.top)
  })
  it('splits lines on the same pixel: the lower value below, the upper above', () => {
    expect(gripSpan(0, Infinity)).toEqual({ top: -0, bottom: 14 })
    expect(gripSpan(Infinity, 0)).toEqual({ top: -14, bottom: 0 })
  })
  it('shrinks a grip squeezed from both sides to the pixels it owns', () => {
    expect(gripSpan(4, 6)).toEqual({ top: -2, bottom: 3 })
  })
  it('leaves lines a grip apart alone', () => {
    expect(gripSpan(14, 14)).toEqual({ top: -7, bottom: 7 })
  })
})

describe('neighbourGaps', () => {
  const y = (v: number) => 100 - 2 * v // 2 px per packet, up is smaller y
  it('measures the nearest higher and lower values in pixels', () => {
    expect(neighbourGaps(10, [12, 30, 5], y)).toEqual({ above: 4, below: 10 })
  })
  it('uses values to order lines drawn on the same pixel', () => {
    const flat = () => 50
    expect(neighbourGaps(10, [12], flat)).toEqual({ above: 0, below: Infinity })
    expect(neighbourGaps(12, [10], flat)).toEqual({ above: Infinity, below: 0 })
  })
})
