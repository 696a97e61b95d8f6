import { describe, expect, it } from 'vitest'
import { compareSearch, parseCompareQuery } from './url'

describe('compare links', () => {
  it('round-trip a preset, a subset of its sides and sides added by hand', () => {
    const extra = [{ label: { en: 'PIE', ko: 'PIE' }, aqm: { kind: 'pie', qdelay_ref: 20 } }]
    const search = compareSearch({ preset: 'red-vs-droptail', sides: [0, 1], extra, embed: true, runs: 7 })
    expect(parseCompareQuery(search)).toEqual({
      preset: 'red-vs-droptail',
      sides: [0, 1],
      extra,
      embed: true,
      runs: 7,
      problems: [],
    })
    expect(parseCompareQuery(compareSearch({ preset: 'x', sides: null, extra: [] })).runs).toBeNull()
  })

  it('name what is broken and keep the rest', () => {
    const q = parseCompareQuery('?view=compare&preset=seed004-reno-vegas&sides=0,x&alt=garbage&runs=0')
    expect(q.preset).toBe('seed004-reno-vegas')
    expect(q.sides).toBeNull()
    expect(q.extra).toEqual([])
    expect(q.runs).toBeNull()
    expect(q.problems).toEqual(['sides=0,x', 'alt', 'runs=0'])
  })

  it('refuse preset ids that are not file names', () => {
    expect(parseCompareQuery('?preset=../secret').preset).toBeNull()
  })
})
