import { describe, expect, it } from 'vitest'
import { runsPerSecond } from './useSweepRun'

describe('runs per second', () => {
  it('is the results so far over the wall time to the latest one, and NaN before any', () => {
    expect(runsPerSecond({ done: 8, elapsedMs: 2000 })).toBe(4)
    expect(runsPerSecond({ done: 3, elapsedMs: 1500 })).toBe(2)
    expect(runsPerSecond({ done: 0, elapsedMs: 0 })).toBeNaN()
  })
})
