// The chart table is the one list of the page's charts: every name an embed link may ask for has an entry, its
// label key is worded in every language, and the lab's, compare's and the lessons' sets are what the table allows.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { EMBED_VIEWS } from '../scenario/embedViews'
import { CHART_TABLE, type ChartName } from './chartTable'

const words = (lng: string) =>
  JSON.parse(readFileSync(new URL(`../i18n/locales/${lng}/share.json`, import.meta.url), 'utf8')) as Record<
    string,
    unknown
  >
const at = (obj: unknown, key: string): unknown =>
  key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], obj)

describe('the chart table', () => {
  it('has an entry for every embed view name, in the embed order', () => {
    expect(Object.keys(CHART_TABLE)).toEqual([...EMBED_VIEWS])
  })

  it('labels every chart in English and Korean', () => {
    for (const lng of ['en', 'ko']) {
      for (const [name, entry] of Object.entries(CHART_TABLE)) {
        expect(typeof at(words(lng), entry.label), `${lng}: ${name}`).toBe('string')
      }
    }
  })

  it('lets each view show the charts it lays out', () => {
    const shown = (host: 'lab' | 'embed' | 'compare' | 'lesson') =>
      (Object.keys(CHART_TABLE) as ChartName[]).filter((n) => CHART_TABLE[n].hosts.includes(host))
    expect(shown('lab')).toEqual(['queue', 'curve', 'cwnd', 'throughput', 'fairness', 'delay', 'readouts'])
    expect(shown('embed')).toEqual([...EMBED_VIEWS])
    expect(shown('compare')).toEqual(['queue', 'curve', 'cwnd', 'throughput', 'fairness', 'delay', 'readouts'])
    expect(shown('lesson')).toEqual(['queue', 'delay', 'readouts'])
  })
})
