import { describe, expect, it } from 'vitest'
import { compareSearch, parseCompareQuery } from './url'

describe('compare links', () => {
  it('round-trip a preset, a subset of its sides and sides added by hand', () => {
    const extra = [{ label: { en: 'PIE', ko: 'PIE' }, aqm: { kind: 'pie', qdelay_ref: 20 } }]
    const search = compareSearch({ preset: 'red-vs-droptail', sides: [0, 1], extra, embed: true })
    expect(parseCompareQuery(search)).toEqual({ preset: 'red-vs-droptail', sides: [0, 1], extra, embed: true, problems: [] })
  })

  it('name what is broken and keep the rest', () => {
    const q = parseCompareQuery('?view=compare&preset=seed004-reno-vegas&sides=0,x&alt=garbage')
    expect(q.preset).toBe('seed004-reno-vegas')
    expect(q.sides).toBeNull()
    expect(q.extra).toEqual([])
    expect(q.problems).toEqual(['sides=0,x', 'alt'])
  })

  it('refuse preset ids that are not file names', () => {
    expect(parseCompareQuery('?preset=../secret').preset).toBeNull()
  })
})
