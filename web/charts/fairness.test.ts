import { describe, expect, it } from 'vitest'
import { SampleBuffer } from '../engine/samples'
import { fairnessPoints, flowColumns, jain, lastWindow, minMaxRatio, windowShares } from './fairness'

describe('fairness between flows', () => {
  it("computes Jain's index: 1 for equal shares, 1/n for a monopoly", () => {
    expect(jain([2, 2, 2])).toBe(1)
    expect(jain([1, 0, 0, 0])).toBe(0.25)
    // Two flows at 457.16 and 54.84: 512² / (2 (457.16² + 54.84²)) ≈ 0.6183.
    expect(jain([457.16, 54.84])).toBeCloseTo(0.6183, 4)
    expect(jain([])).toBeNaN()
    expect(jain([0, 0])).toBe(1)
    expect(jain([3, 1, 99], 2)).toBeCloseTo(0.8, 12) // only the first n count
  })

  it('computes min/max: 0 when a flow starves', () => {
    expect(minMaxRatio([2, 4, 8])).toBe(0.25)
    expect(minMaxRatio([0, 5])).toBe(0)
    expect(minMaxRatio([])).toBeNaN()
  })

  it('averages each flow over the window and counts only flows that take part', () => {
    const cols = ['t', 'cwnd_0', 'cwnd_1', 'cwnd_2', 'thr_0', 'thr_1', 'thr_2']
    const b = new SampleBuffer(cols, 16)
    // Flow 2 has not started (no window, no throughput); flow 1 sends every other interval.
    b.append(new Float64Array([0.05, 10, 4, NaN, 2, 0, 0, 0.1, 10, 4, NaN, 2, 2, 0]))
    const fc = flowColumns(b)
    expect(fc.thr).toEqual([4, 5, 6])
    expect(fc.cwnd).toEqual([1, 2, 3])
    const s = windowShares(b, 0, 2, fc)
    expect(Array.from(s.means)).toEqual([2, 1, 0])
    expect(Array.from(s.active)).toEqual([1, 1, 0])
    expect(s.jain).toBeCloseTo(9 / 10, 12) // (2 + 1)² / (2 (4 + 1))
    expect(s.minMax).toBe(0.5)
    // Per interval the second row alone is perfectly fair: the window is what removes the noise.
    expect(windowShares(b, 1, 2, fc).jain).toBe(1)
  })
})

describe('fairnessPoints', () => {
  it('takes a point per two pixels, but no more than four per averaging window', () => {
    expect(fairnessPoints(435, 300)).toBeCloseTo(217.5)
    expect(fairnessPoints(435, 20)).toBe(80)
    expect(fairnessPoints(435, 0.2)).toBe(2)
    expect(fairnessPoints(435, Infinity)).toBeCloseTo(217.5)
  })

  it("gives the read-outs the last simulated second: the fairness chart's rightmost point", () => {
    const b = new SampleBuffer(['t', 'util', 'thr_0', 'thr_1'], 64)
    // 0.25 s samples. In the first second flow 1 starves; in the second the flows take turns, so each sample
    // alone looks unfair (the latest: 0 against 4, Jain 0.5) while the second as a whole is even.
    const rows = [
      [0.25, 0.5, 4, 0],
      [0.5, 0.5, 4, 0],
      [0.75, 0.5, 4, 0],
      [1, 0.5, 4, 0],
      [1.25, 1, 2, 2],
      [1.5, 1, 4, 0],
      [1.75, 0.5, 2, 2],
      [2, 1, 0, 4],
    ]
    for (const r of rows) b.append(new Float64Array(r))
    const w = lastWindow(b)
    // The rows after 1 s (1.25 … 2): 8 Mbit/s each over the second, utilisation (1 + 1 + 0.5 + 1) / 4.
    expect(w.jain).toBe(1)
    expect(w.util).toBeCloseTo(0.875, 12)
    expect(jain([0, 4])).toBe(0.5)
    expect(lastWindow(new SampleBuffer(['t', 'util'], 4))).toEqual({ jain: NaN, util: NaN })
  })
})
