import { describe, expect, it } from 'vitest'
import { comparisonJson } from './exportJson'

describe('the comparison as JSON', () => {
  it('holds every side’s scenario, seeds and runs, and the table’s means and intervals', () => {
    const run = (q: number) => ({ utilisation: 1, mean_queue_pkts: q })
    const doc = JSON.parse(
      comparisonJson({
        preset: 'red-vs-droptail',
        link: 'http://x/?view=compare',
        sides: [
          { label: 'Drop-tail', scenario: '{"seed":4,"aqm":{"kind":"droptail"}}' },
          { label: 'RED', scenario: '{"aqm":{"kind":"red"}}' },
        ],
        runs: 2,
        summaries: [
          [run(60), run(70)],
          [run(10), null],
        ],
      }),
    )
    expect(doc.sides.map((s: { seeds: number[] }) => s.seeds)).toEqual([
      [4, 5],
      [1, 2],
    ])
    expect(doc.sides[1].summaries).toEqual([run(10), null])
    const queue = doc.difference.find((r: { metric: string }) => r.metric === 'mean_queue_pkts')
    // A: 60 and 70, mean 65, s = √50, half-width t(0.975, 1) · √50 / √2 = 12.706204736 · 5 = 63.53102368
    expect(queue.sides[0].mean).toBe(65)
    expect(queue.sides[0].ci95).toBeCloseTo(63.53102368, 6)
    // B has one finished run: its value, no interval, no verdict.
    expect(queue.sides[1]).toEqual({ mean: 10, ci95: null, runs: 1 })
  })
})
