import { describe, expect, it } from 'vitest'
import { declAt } from '../scenario/fields'
import { runningValue, suggestedSweep, suggestedValues } from './suggest'

describe('a suggested sweep', () => {
  it('spans a quarter to four times the running value, whole numbers for a whole-number field', () => {
    const s = { link: { buffer: 100, rate_mbps: 10 }, flows: [{ count: 5 }], aqm: { kind: 'droptail' } }
    expect(suggestedValues(s, 'link.buffer')).toEqual([25, 50, 100, 200, 400])
    expect(suggestedValues(s, 'link.rate_mbps')).toEqual([2.5, 5, 10, 20, 40])
    expect(suggestedValues({ link: { buffer: 3 } }, 'link.buffer')).toEqual([1, 2, 3, 6, 12])
    expect(suggestedSweep([s])).toEqual({ param: 'link.buffer', values: [25, 50, 100, 200, 400] })
  })

  it('reads a field the scenario leaves out at its default, and sweeps the rate where cells make the buffer', () => {
    expect(suggestedValues({ link: {} }, 'link.buffer')).toEqual([25, 50, 100, 200, 400])
    const gfr = { link: { rate_mbps: 8, atm: {} }, aqm: { kind: 'gfr', max_q_cells: 3000 } }
    expect(suggestedSweep([gfr])).toEqual({ param: 'link.rate_mbps', values: [2, 4, 8, 16, 32] })
  })

  it("takes a left-out field's value from the engine catalogue's default, for the link and for every flow group", () => {
    for (const [path, decl] of [
      ['link.delay_ms', 'link.delay_ms'],
      ['link.rate_mbps', 'link.rate_mbps'],
      ['flows[*].count', 'flows[].count'],
      ['flows[0].count', 'flows[].count'],
    ]) {
      const d = declAt(decl)?.default
      expect(typeof d, path).toBe('number')
      expect(runningValue({ link: {}, flows: [{}] }, path), path).toBe(d)
    }
    expect(runningValue({ link: {} }, 'link.no_such_field')).toBeNull()
  })
})
