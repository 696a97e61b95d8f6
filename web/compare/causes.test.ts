import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { catalog } from '../contract/engine'
import { METRICS, type SummaryJson } from '../engine/summary'
import { causeMetrics, declaredCauses, metricValue } from './causes'
import { differenceRows } from './difference'

const summary = (drops: Record<string, number>, marks: Record<string, number>): SummaryJson => ({
  utilisation: 0.9,
  drops: Object.values(drops).reduce((a, b) => a + b, 0),
  marks: Object.values(marks).reduce((a, b) => a + b, 0),
  drops_by_reason: drops,
  marks_by_reason: marks,
})

describe('drop and mark causes in the difference summary', () => {
  it('lists the causes the sides’ disciplines declare, in the engine’s order of reasons', () => {
    expect(declaredCauses(['droptail', 'red'], 'drops')).toEqual(['overflow', 'early', 'forced'])
    expect(declaredCauses(['droptail'], 'marks')).toEqual([])
    expect(declaredCauses(['codel', 'dualpi2'], 'marks')).toEqual(['early', 'target'])
    expect(declaredCauses(['no-such-kind'], 'drops')).toEqual([])
  })

  it('takes each cause from the engine’s declaration, not a page list: every declared cause has a row', () => {
    for (const a of catalog.algorithms) {
      const ids = causeMetrics([a.kind], [[summary({}, { early: 1 })]]).map((m) => m.id)
      expect(ids).toEqual([
        ...a.drop_causes.map((c) => `drops_by_reason.${c}`),
        ...declaredCauses([a.kind], 'marks').map((c) => `marks_by_reason.${c}`),
      ])
    }
  })

  it('shows mark rows only once a run marked, and fewer drops is better as the engine says', () => {
    const none = causeMetrics(['red'], [[summary({ overflow: 3 }, {})], []])
    expect(none.map((m) => m.kind)).toEqual(['drops', 'drops', 'drops'])
    const marked = causeMetrics(['red'], [[summary({}, { early: 2 })]])
    expect(marked.filter((m) => m.kind === 'marks').map((m) => m.cause)).toEqual(['early', 'forced'])
    expect(marked.find((m) => m.kind === 'drops')?.better).toBe('lower')
    expect(marked.find((m) => m.kind === 'marks')?.better).toBe('neither')
  })

  it('reads a cause the summary leaves out as 0, and NaN from a summary without counts by cause', () => {
    const [overflow, early] = causeMetrics(['red'], [])
    const s = summary({ overflow: 7 }, {})
    expect(metricValue(s, overflow)).toBe(7)
    expect(metricValue(s, early)).toBe(0)
    expect(Number.isNaN(metricValue({ utilisation: 1 }, early))).toBe(true)
    // The other metrics read by path as before.
    expect(
      metricValue(
        s,
        METRICS.find((m) => m.id === 'utilisation')!,
      ),
    ).toBe(0.9)
  })

  it('compares the sides cause by cause: B − A per cause', () => {
    const metrics = causeMetrics(['droptail', 'red'], [])
    const rows = differenceRows(
      [summary({ overflow: 40 }, {}), summary({ overflow: 4, early: 25, forced: 1 }, {})],
      metrics,
    )
    expect(rows.map((r) => [r.metric.id, r.cells.map((c) => c.value), r.cells[1].deltaText])).toEqual([
      ['drops_by_reason.overflow', [40, 4], '−36'],
      ['drops_by_reason.early', [0, 25], '+25'],
      ['drops_by_reason.forced', [0, 1], '+1'],
    ])
    expect(rows[0].cells[1].verdict).toBe('better')
  })
})

describe('words for every cause the engine reports', () => {
  const words = (lng: string) =>
    (
      JSON.parse(readFileSync(new URL(`../i18n/locales/${lng}/charts.json`, import.meta.url), 'utf8')) as {
        reasons: Record<string, string>
      }
    ).reasons
  it.each(['en', 'ko'])('%s names every reason and every declared cause', (lng) => {
    const causes = new Set<string>([
      ...catalog.reasons,
      ...catalog.algorithms.flatMap((a) => [...a.drop_causes, ...a.mark_causes]),
    ])
    for (const c of causes) expect(words(lng)[c], `${lng}: reasons.${c}`).toBeTypeOf('string')
  })
})
