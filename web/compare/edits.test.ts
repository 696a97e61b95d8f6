import { describe, expect, it } from 'vitest'
import { aqmChanges, editsText, mergeEdits, withEdits } from './edits'

describe("a side's edits", () => {
  it('are the numeric parameters that moved, of the same algorithm', () => {
    const before = { kind: 'red', min_th: 15, max_th: 45, max_p: 0.1, gentle: false }
    expect(aqmChanges(before, { ...before, min_th: 20 })).toEqual({ min_th: 20 })
    expect(aqmChanges(before, { ...before, gentle: true })).toEqual({})
    expect(aqmChanges(before, { kind: 'codel', target: 5 })).toEqual({})
  })

  it("put live edits over the link's and drop those back at the preset's value", () => {
    const own = { kind: 'red', min_th: 15, max_th: 45 }
    expect(mergeEdits(own, { min_th: 35 }, { max_th: 85 })).toEqual({ min_th: 35, max_th: 85 })
    expect(mergeEdits(own, { min_th: 35 }, { min_th: 15 })).toEqual({})
    // A parameter the preset leaves at the engine's default is kept whatever its value.
    expect(mergeEdits(own, undefined, { w_q: 0.002 })).toEqual({ w_q: 0.002 })
  })

  it("are written into the scenario's aqm and named as the scenario file names them", () => {
    const s = { version: 2, aqm: { kind: 'red', min_th: 15, max_th: 45 } }
    expect(withEdits(s, { min_th: 35 })).toEqual({ version: 2, aqm: { kind: 'red', min_th: 35, max_th: 45 } })
    expect(withEdits(s, {})).toBe(s)
    expect(editsText({ min_th: 35, max_p: 0.1 + 0.2 })).toBe('min_th 35, max_p 0.3')
  })
})
