import { describe, expect, it } from 'vitest'
import { differenceRows, formatDelta } from './difference'
import { METRICS } from '../sweep/summary'

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
