import { describe, expect, it } from 'vitest'
import { lastSimSecond } from './lastSecond'

describe('drops in the last simulated second', () => {
  it('count the frames of the last simulated second, whatever the playback speed', () => {
    // 20 frames of 0.05 s with 3 drops each: 60 drops a simulated second.
    const spans = Array.from({ length: 40 }, (_, i) => ({ from: i * 0.05, to: (i + 1) * 0.05, drops: 3, marks: 1 }))
    expect(lastSimSecond(spans, 2)).toEqual({ drops: 60, marks: 20 })
    // At a high speed the same simulated time arrives as fewer, longer frames: the count is the same.
    const fast = Array.from({ length: 4 }, (_, i) => ({ from: i * 0.5, to: (i + 1) * 0.5, drops: 30, marks: 10 }))
    expect(lastSimSecond(fast, 2)).toEqual({ drops: 60, marks: 20 })
  })

  it('count the part of a long frame inside the last second only', () => {
    // One frame covering 10 simulated seconds with 600 drops: 60 of them in the last second.
    expect(lastSimSecond([{ from: 0, to: 10, drops: 600, marks: 0 }], 10)).toEqual({ drops: 60, marks: 0 })
    expect(lastSimSecond([{ from: 0, to: 3, drops: 9, marks: 0 }], 10)).toEqual({ drops: 0, marks: 0 })
  })
})
