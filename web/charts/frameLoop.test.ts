// The data charts take turns only when drawing all of them would not fit a frame, in two halves of about
// equal cost; everything else is called in every frame.
import { describe, expect, it } from 'vitest'
import { Turns, TURNS_ABOVE_MS, TURNS_BELOW_MS } from './frameLoop'

const entry = (label: string, turns = true) => ({ draw: () => {}, label, turns, cost: 0, phase: 0 })

/** Runs `frames` frames in which each chart that is due costs what `cost` says; returns who drew when. */
function run(t: Turns, frames: number, cost: Record<string, number>, from = 0): string[][] {
  const drawn: string[][] = []
  for (let f = from; f < from + frames; f++) {
    t.begin(f)
    const now: string[] = []
    for (const e of t) {
      if (!t.due(e, f)) continue
      now.push(e.label)
      t.record(e, cost[e.label] ?? 0)
    }
    drawn.push(now)
  }
  return drawn
}

describe('Turns', () => {
  it('calls every chart in every frame while they fit', () => {
    const t = new Turns()
    for (const l of ['queue', 'cwnd', 'delay']) t.add(entry(l))
    const drawn = run(t, 10, { queue: 0.5, cwnd: 1, delay: 0.4 })
    expect(drawn.every((d) => d.length === 3)).toBe(true)
    expect(t.taking).toBe(false)
  })

  it('splits costly charts into two halves of about equal cost, each drawn every other frame', () => {
    const t = new Turns()
    const probe = entry('probe', false)
    for (const e of [entry('cwnd'), entry('queue'), entry('fairness'), entry('delay'), probe]) t.add(e)
    const cost = { cwnd: 2.5, queue: 0.9, fairness: 0.8, delay: 0.7, probe: 0.01 }
    run(t, 2, cost) // the first frames learn the costs
    expect(t.estimate()).toBeGreaterThan(TURNS_ABOVE_MS)
    const drawn = run(t, 120, cost, 2)
    expect(t.taking).toBe(true)
    // From the first frame of turns: cwnd alone in one half, the three others in the other.
    for (const d of drawn.slice(0, 4)) expect(d.filter((l) => l !== 'probe').length).not.toBe(0)
    const late = drawn.slice(-4).map((d) => d.filter((l) => l !== 'probe').sort())
    expect(late).toContainEqual(['cwnd'])
    expect(late).toContainEqual(['delay', 'fairness', 'queue'])
    // Every chart still draws in every other frame, and the probe in every frame.
    for (const label of Object.keys(cost)) {
      const n = drawn.slice(-60).filter((d) => d.includes(label)).length
      expect(n).toBe(label === 'probe' ? 60 : 30)
    }
  })

  it('stops taking turns once the charts are cheap again, not at the first cheaper frame', () => {
    const t = new Turns()
    for (const l of ['a', 'b']) t.add(entry(l))
    run(t, 4, { a: 2, b: 2 })
    expect(t.taking).toBe(true)
    // Between the two thresholds it keeps taking turns.
    run(t, 40, { a: 1.2, b: 1.2 }, 4)
    expect(t.estimate()).toBeLessThan(TURNS_ABOVE_MS)
    expect(t.estimate()).toBeGreaterThan(TURNS_BELOW_MS)
    expect(t.taking).toBe(true)
    run(t, 40, { a: 0.5, b: 0.5 }, 44)
    expect(t.taking).toBe(false)
  })
})
