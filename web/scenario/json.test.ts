import { describe, expect, it } from 'vitest'
import {
  EVERY,
  deepEqual,
  deepFreeze,
  formatPath,
  getAll,
  getAt,
  parsePath,
  setAll,
  setAt,
  toObject,
  tryParsePath,
  withAt,
  type JsonObject,
} from './json'

const scenario = (): JsonObject => ({
  link: { buffer: 36 },
  flows: [
    { count: 2, rtt_ms: [40, 100] },
    { count: 1, rtt_ms: [80, 80] },
  ],
})

describe('the path language', () => {
  it('reads keys, indices and [*], and writes them back the same', () => {
    for (const text of ['link.buffer', 'flows[0].rtt_ms[1]', 'flows[*].rwnd', 'flows[1].rtt_ms[*]'])
      expect(formatPath(parsePath(text))).toBe(text)
    expect(parsePath('flows[*].rtt_ms[1]')).toEqual(['flows', EVERY, 'rtt_ms', 1])
    for (const bad of ['', 'a..b', 'flows[x]', 'flows[-1]', 'a]']) expect(tryParsePath(bad)).toBeNull()
  })

  it('gets one place, or every place a [*] names', () => {
    const s = scenario()
    expect(getAt(s, 'flows[1].rtt_ms[0]')).toBe(80)
    expect(getAt(s, 'flows[2].count')).toBeUndefined()
    expect(getAt(s, 'flows[*].count')).toBeUndefined()
    expect(getAll(s, 'flows[*].count')).toEqual([2, 1])
    expect(getAll(s, 'flows[*].rtt_ms[*]')).toEqual([40, 100, 80, 80])
  })

  it('sets in place: every element, a missing last key only when asked, never an object on the way', () => {
    const s = scenario()
    expect(setAll(s, 'flows[*].rtt_ms[*]', 12)).toBe(4)
    expect(getAt(s, 'flows[1].rtt_ms')).toEqual([12, 12])
    expect(setAll(s, 'link.rate_mbps', 5, false)).toBe(0)
    expect(setAll(s, 'link.rate_mbps', 5)).toBe(1)
    expect(setAll(s, 'aqm.max_p', 0.1)).toBe(0)
    expect(setAll(s, 'flows[5].count', 1)).toBe(0)
    setAt(s, 'link.buffer', undefined)
    expect(s.link).toEqual({ rate_mbps: 5 })
  })

  it('copies only what an edit changes, so a frozen value can be edited', () => {
    const s = deepFreeze(scenario())
    const next = withAt(s, 'flows[0].count', 7)
    expect([getAt(next, 'flows[0].count'), getAt(s, 'flows[0].count')]).toEqual([7, 2])
    expect(next.link).toBe(s.link)
    expect(getAt(next, 'flows[1]')).toBe(getAt(s, 'flows[1]'))
    expect(() => setAll(s, 'link.buffer', 1)).toThrow(TypeError)
    expect(() => withAt(s, 'flows[*].count', 1)).toThrow()
  })

  it('never reaches a prototype, whatever the keys', () => {
    const s = toObject(JSON.parse('{"__proto__": {"polluted": 1}}'))
    expect(setAll(s, '__proto__.polluted', 2)).toBe(1)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect(getAt({}, 'constructor')).toBeUndefined()
    expect(deepEqual(s, { ['__proto__']: { polluted: 2 } })).toBe(true)
  })
})
