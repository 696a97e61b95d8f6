import { describe, expect, it } from 'vitest'
import { identicalGroups } from './merge'

const base = { version: 2, link: { rate_mbps: 10, buffer: 100 }, aqm: { kind: 'droptail' } }
const withBuffer = (b: number) => ({ ...base, link: { ...base.link, buffer: b } })

describe('sides a sweep makes identical', () => {
  it('merge sides that differ only in the swept parameter', () => {
    const sides = [withBuffer(100), withBuffer(20), withBuffer(5)]
    expect(identicalGroups(sides, [0, 1, 2], { param: 'link.buffer', values: [5, 50] })).toEqual([[0, 1, 2]])
  })

  it('keep apart sides that differ in something else', () => {
    const red = { ...withBuffer(20), aqm: { kind: 'red', min_th: 5 } }
    const sides = [withBuffer(100), red, withBuffer(5)]
    expect(identicalGroups(sides, [0, 1, 2], { param: 'link.buffer', values: [5, 50] })).toEqual([[0, 2], [1]])
    expect(identicalGroups(sides, [1, 2], { param: 'link.rate_mbps', values: [5] })).toEqual([[1], [2]])
  })

  it('merge only when the second axis leaves them equal too', () => {
    const a = { ...withBuffer(100), aqm: { kind: 'red', max_p: 0.1, min_th: 5 } }
    const b = { ...withBuffer(100), aqm: { kind: 'red', max_p: 0.2, min_th: 5 } }
    const x = { param: 'aqm.max_p', values: [0.05, 0.1] }
    expect(identicalGroups([a, b], [0, 1], x, { param: 'link.buffer', values: [10, 20] })).toEqual([[0, 1]])
    expect(identicalGroups([a, b], [0, 1], { param: 'link.buffer', values: [10] })).toEqual([[0], [1]])
  })
})
