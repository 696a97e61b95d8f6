import { describe, expect, it } from 'vitest'
import { differenceCsv, differenceRows, formatDelta, identicalSides, replicatedRows } from './difference'
import { METRICS } from '../engine/summary'

const dt = { utilisation: 1, mean_queue_pkts: 67.4, delay_ms: { mean: 53.94 }, jain: 0.999, sync: { excess: 0.56 } }
const red = { utilisation: 0.855, mean_queue_pkts: 14.4, delay_ms: { mean: 13.5 }, jain: 0.998, sync: { excess: 0.21 } }

describe('the difference summary', () => {
  const rows = differenceRows([dt, red])
  const row = (id: string) => rows.find((r) => r.metric.id === id)!

  it('shows each side and its difference from the first, in the metric unit', () => {
    expect(row('mean_queue_pkts').cells.map((c) => c.text)).toEqual(['67.4', '14.4'])
    expect(row('mean_queue_pkts').cells[1].deltaText).toBe('−53.0')
    expect(row('utilisation').cells.map((c) => c.text)).toEqual(['100.0', '85.5'])
    expect(row('utilisation').cells[1].deltaText).toBe('−14.5')
  })

  it('judges each difference by the sense of its metric', () => {
    expect(row('mean_queue_pkts').cells[1].verdict).toBe('better')
    expect(row('utilisation').cells[1].verdict).toBe('worse')
    expect(row('sync.excess').cells[1].verdict).toBe('better')
    expect(row('jain').cells[1].verdict).toBe('worse')
  })

  it('leaves missing runs and undefined metrics blank', () => {
    const r = differenceRows([dt, null], METRICS)
    expect(r[0].cells[1].text).toBe('–')
    expect(r.find((x) => x.metric.id === 'drop_rate')!.cells[0].text).toBe('–')
    expect(formatDelta(METRICS[0], 0.01)).toBe('±0.0')
  })
})

describe('the replicated difference summary', () => {
  const runs = (key: string, values: number[]) => values.map((v) => ({ utilisation: 1, [key]: v }))
  it('shows mean ± half-width and calls overlapping intervals not significant', () => {
    // A: 1…5, mean 3 ± 1.963243161; B: 11…15, mean 13 ± 1.963: far apart. C: 2…6, mean 4: overlaps A.
    const rows = replicatedRows([
      runs('mean_queue_pkts', [1, 2, 3, 4, 5]),
      runs('mean_queue_pkts', [11, 12, 13, 14, 15]),
      runs('mean_queue_pkts', [2, 3, 4, 5, 6]),
    ])
    const q = rows.find((r) => r.metric.id === 'mean_queue_pkts')!
    expect(q.cells[0].text).toBe('3.0 ± 2.0')
    expect(q.cells[0].ci95).toBeCloseTo(1.963243161, 8)
    expect(q.cells[1].overlap).toBe(false)
    expect(q.cells[1].verdict).toBe('worse')
    expect(q.cells[2].overlap).toBe(true)
    expect(q.cells[2].verdict).toBe('same')
    expect(q.cells[2].deltaText).toBe('+1.0')
  })
  it('exports means, half-widths and the verdict as CSV in the engine’s exact numbers', () => {
    const rows = replicatedRows(
      [runs('mean_queue_pkts', [1, 2, 3, 4, 5]), runs('mean_queue_pkts', [2, 3, 4, 5, 6])],
      [METRICS[0]],
    )
    const [head, line] = differenceCsv(['Drop-tail', 'RED, 15/45'], rows).trimEnd().split('\n')
    expect(head).toBe('metric,A: Drop-tail,A ci95,A runs,"B: RED, 15/45",B ci95,B runs,B - A,B vs A significant')
    const c = line.split(',')
    expect(c.slice(0, 2)).toEqual(['mean_queue_pkts', '3'])
    expect(Number(c[2])).toBeCloseTo(1.963243161, 8)
    expect(c.slice(3, 5)).toEqual(['5', '4'])
    expect(c.slice(7)).toEqual(['1', 'no'])
  })

  it('show identical runs as one number, and call no difference between two such sides', () => {
    const runs = [
      [dt, dt, dt],
      [red, red, red],
    ]
    const rows = replicatedRows(runs)
    const q = rows.find((r) => r.metric.id === 'mean_queue_pkts')!
    expect(q.cells.map((c) => c.text)).toEqual(['67.4', '14.4'])
    expect(q.cells.map((c) => c.identical)).toEqual([true, true])
    expect(q.cells[1].deltaText).toBe('−53.0')
    expect(q.cells[1].verdict).toBe('same')
    expect(q.cells[1].overlap).toBeUndefined()
    expect(identicalSides(runs, rows)).toEqual([0, 1])
    // A side with varying runs keeps its interval; against it the other side's fixed value is tested.
    const varied = [
      { ...red, mean_queue_pkts: 14 },
      { ...red, mean_queue_pkts: 15 },
      { ...red, mean_queue_pkts: 16 },
    ]
    const mixed = replicatedRows([[dt, dt, dt], varied])
    expect(identicalSides([[dt, dt, dt], varied], mixed)).toEqual([0])
    const m = mixed.find((r) => r.metric.id === 'mean_queue_pkts')!
    expect(m.cells[1].text).toMatch(/^15\.0 ± /)
    expect(m.cells[1].verdict).toBe('better')
  })
})
