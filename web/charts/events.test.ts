import { describe, expect, it } from 'vitest'
import { SampleBuffer } from '../engine/samples'
import { tickLength } from './eventTicks'
import { eventRates, eventSeries } from './events'
import { CAUSE_COLUMNS } from './eventsFixture'

describe('drops and marks over time', () => {
  it('splits by cause when the trace has per-cause columns, else into drops and marks', () => {
    expect(eventSeries(['t', 'drops', 'marks']).map((s) => [s.column, s.labelKey])).toEqual([
      ['drops', 'delay.drops'],
      ['marks', 'delay.marks'],
    ])
    const byCause = eventSeries(['t', 'drops', 'drops_overflow', 'drops_early', 'marks_early'])
    expect(byCause.map((s) => [s.column, s.reason, s.labelKey])).toEqual([
      ['drops_overflow', 'overflow', 'delay.drops_by'],
      ['drops_early', 'early', 'delay.drops_by'],
      ['marks_early', 'early', 'delay.marks_by'],
    ])
  })

  it('shows only the causes the running algorithm can report', () => {
    // As the engine declares them (AlgorithmInfo drop_causes / mark_causes).
    const codel = { drop_causes: ['overflow', 'target'], mark_causes: ['target'] }
    const red = { drop_causes: ['overflow', 'early', 'forced'], mark_causes: ['early', 'forced'] }
    expect(eventSeries(CAUSE_COLUMNS, codel).map((s) => s.column)).toEqual([
      'drops_overflow',
      'drops_target',
      'marks_target',
    ])
    expect(eventSeries(CAUSE_COLUMNS, red).map((s) => s.column)).toEqual([
      'drops_overflow',
      'drops_early',
      'drops_forced',
      'marks_early',
      'marks_forced',
    ])
    expect(eventSeries(CAUSE_COLUMNS, { drop_causes: ['overflow'], mark_causes: [] }).map((s) => s.column)).toEqual([
      'drops_overflow',
    ])
    // Without a declaration, every cause the trace has.
    expect(eventSeries(CAUSE_COLUMNS, {})).toHaveLength(7)
    expect(eventSeries(CAUSE_COLUMNS)).toHaveLength(7)
    // DualPI2's overload drops have no column of their own: its early column's legend names both causes.
    const dualpi2 = { drop_causes: ['overflow', 'early', 'target', 'overload'], mark_causes: ['early', 'target'] }
    expect(eventSeries(CAUSE_COLUMNS, dualpi2).map((s) => [s.column, s.causes])).toEqual([
      ['drops_overflow', ['overflow']],
      ['drops_early', ['early', 'overload']],
      ['drops_target', ['target']],
      ['marks_early', ['early']],
      ['marks_target', ['target']],
    ])
  })

  it('turns counts per interval into events per second over each bar', () => {
    const b = new SampleBuffer(['t', 'drops', 'marks'], 16)
    b.append(new Float64Array([0.05, 1, 0, 0.1, 3, 0, 0.15, 0, 2, 0.2, 0, 0]))
    const series = eventSeries(b.columns)
    const bars = eventRates(b, 0, 4, 0, series, 2)
    expect(bars).toHaveLength(2)
    // Rows 0–1: 4 drops between t = 0 (one interval before the first row) and 0.1.
    expect(bars[0].t0).toBeCloseTo(0, 12)
    expect(bars[0].t1).toBe(0.1)
    expect(bars[0].rates[0]).toBeCloseTo(40, 9)
    expect(bars[1].rates).toEqual([0, expect.closeTo(20, 9)])
  })

  it('draws longer ticks for more events, logarithmically and capped', () => {
    expect(tickLength(0)).toBe(0)
    expect(tickLength(1)).toBe(3)
    expect(tickLength(4)).toBe(8)
    expect(tickLength(1e6)).toBe(14)
  })
})
