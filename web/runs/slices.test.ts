import { describe, expect, it } from 'vitest'
import { runInSlices, SLICE_MS } from './slices'

/** A fake engine whose clock moves to each target, and whose work takes `msPerSecond` of fake wall time. */
function fake(msPerSecond: number) {
  let clock = 0
  let wall = 0
  const targets: number[] = []
  const sim = {
    now: () => clock,
    run_until: (s: number) => {
      wall += (s - clock) * msPerSecond
      clock = Math.max(clock, s)
      targets.push(s)
    },
  }
  return { sim, targets, now: () => wall }
}

describe('a run in slices', () => {
  it('ends with a call at exactly the end, after increasing targets', () => {
    const f = fake(50)
    runInSlices(f.sim, 60, f.now)
    expect(f.targets.at(-1)).toBe(60)
    for (let i = 1; i < f.targets.length; i++) expect(f.targets[i]).toBeGreaterThan(f.targets[i - 1])
  })

  it('grows its slices to about SLICE_MS of wall time each', () => {
    const f = fake(100) // 60 s of simulated time = 6 s of wall time: about 300 slices of 20 ms
    const calls = runInSlices(f.sim, 60, f.now)
    expect(calls).toBeGreaterThan(6000 / SLICE_MS / 2)
    expect(calls).toBeLessThan((6000 / SLICE_MS) * 2)
    const last = f.targets.at(-2)! - f.targets.at(-3)!
    expect(last * 100).toBeCloseTo(SLICE_MS, 5)
  })

  it('makes one call for a run shorter than its first slice', () => {
    const f = fake(1)
    expect(runInSlices(f.sim, 0, f.now)).toBe(1)
    expect(f.targets).toEqual([0])
  })
})
