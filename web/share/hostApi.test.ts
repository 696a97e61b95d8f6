// The host-page API reads only well-formed 'aqm:' messages; anything else is ignored or answered.
import { describe, expect, it } from 'vitest'
import { parseHostMessage, queryOf } from './hostApi'

describe('parseHostMessage', () => {
  it('ignores what is not an aqm: message', () => {
    for (const m of [
      null,
      undefined,
      'aqm:play',
      42,
      [],
      [{ type: 'aqm:play' }],
      { type: 'play' },
      { type: 7 },
      { kind: 'aqm:play' },
      { type: `aqm:${'x'.repeat(60)}` },
    ]) {
      expect(parseHostMessage(m)).toBeNull()
    }
  })

  it('reads each request and echoes its id', () => {
    expect(parseHostMessage({ type: 'aqm:play', id: 3 })).toEqual({ request: { type: 'aqm:play' }, id: 3 })
    expect(parseHostMessage({ type: 'aqm:step', seconds: 2 })).toEqual({
      request: { type: 'aqm:step', seconds: 2 },
      id: undefined,
    })
    expect(parseHostMessage({ type: 'aqm:set-speed', speed: 'max' })).toMatchObject({ request: { speed: Infinity } })
    expect(parseHostMessage({ type: 'aqm:set-param', name: 'gentle', value: true, id: 'g' })).toEqual({
      request: { type: 'aqm:set-param', name: 'gentle', value: 1 },
      id: 'g',
    })
    expect(parseHostMessage({ type: 'aqm:set-algorithm', kind: 'codel' })).toMatchObject({ request: { kind: 'codel' } })
    expect(parseHostMessage({ type: 'aqm:load', link: '?v=1&aqm=red' })).toMatchObject({
      request: { link: '?v=1&aqm=red' },
    })
  })

  it('answers a malformed aqm: message with what is wrong, and drops an id it cannot echo safely', () => {
    const cases: Array<[unknown, string]> = [
      [{ type: 'aqm:step', seconds: 0 }, 'seconds'],
      [{ type: 'aqm:step', seconds: Infinity }, 'seconds'],
      [{ type: 'aqm:set-speed', speed: -1 }, 'speed'],
      [{ type: 'aqm:set-param', name: 'max_th' }, 'value'],
      [{ type: 'aqm:set-param', name: 'x"><script>', value: 1 }, 'name'],
      [{ type: 'aqm:set-param', name: 'max_th', value: NaN }, 'value'],
      [{ type: 'aqm:set-algorithm', kind: 42 }, 'kind'],
      [{ type: 'aqm:load', link: 'x'.repeat(9000) }, 'link'],
      [{ type: 'aqm:explode' }, 'unknown message type'],
    ]
    for (const [m, word] of cases) {
      const r = parseHostMessage(m)
      expect(r !== null && 'error' in r ? r.error : '', JSON.stringify(m)).toContain(word)
    }
    expect(parseHostMessage({ type: 'aqm:explode', id: { evil: true } })).toMatchObject({ id: undefined })
  })

  it('takes a link as a query or a whole URL', () => {
    expect(queryOf('?v=1&seed=2')).toBe('?v=1&seed=2')
    expect(queryOf('https://lab.example/aqm/?v=1&seed=2#x')).toBe('?v=1&seed=2')
  })
})
