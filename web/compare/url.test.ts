import { describe, expect, it } from 'vitest'
import { compareSearch, editsWithout, parseCompareQuery, parseEdits } from './url'

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
      edits: {},
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

  it('round-trip the parameters edited on a side, and shift them when a side is removed', () => {
    const edits = { 1: { min_th: 35, max_th: 85 }, 2: { max_p: 0.05 } }
    const search = compareSearch({ preset: 'red-vs-droptail', sides: null, extra: [], edits })
    expect(new URLSearchParams(search).get('edit')).toBe('B.min_th:35,B.max_th:85,C.max_p:0.05')
    expect(parseCompareQuery(search).edits).toEqual(edits)
    expect(editsWithout(edits, 1)).toEqual({ 1: { max_p: 0.05 } })
    expect(editsWithout(edits, 0)).toEqual({ 0: { min_th: 35, max_th: 85 }, 1: { max_p: 0.05 } })
    expect(parseEdits('B.min_th:x')).toBeNull()
    expect(parseCompareQuery('?edit=B.min_th:x').problems).toEqual(['edit=B.min_th:x'])
  })

  it('refuse preset ids that are not file names', () => {
    expect(parseCompareQuery('?preset=../secret').preset).toBeNull()
  })
})
