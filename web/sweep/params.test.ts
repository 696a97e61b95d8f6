import { describe, expect, it } from 'vitest'
import { toObject } from '../scenario/json'
import { appliesTo, isWholeNumber } from './params'

describe('sweep parameters', () => {
  const dt = toObject({ link: { buffer: 50 }, flows: [{ count: 1 }], aqm: { kind: 'droptail' } })
  const red = toObject({ link: { buffer: 50 }, flows: [{ count: 1 }], aqm: { kind: 'red', max_p: 0.1 } })

  it('apply an algorithm parameter only to sides whose algorithm has it', () => {
    expect(appliesTo(red, 'aqm.max_p')).toBe(true)
    expect(appliesTo(dt, 'aqm.max_p')).toBe(false)
  })
  it('apply an algorithm parameter only where the side settings let it act (engine applies_when)', () => {
    const side = (scheduler: string) =>
      toObject({ aqm: { kind: 'dualpi2', scheduler, tshift: 50, classic_protection: 10 } })
    expect([appliesTo(side('wrr'), 'aqm.tshift'), appliesTo(side('ts_fifo'), 'aqm.tshift')]).toEqual([false, true])
    expect([
      appliesTo(side('wrr'), 'aqm.classic_protection'),
      appliesTo(side('ts_fifo'), 'aqm.classic_protection'),
    ]).toEqual([true, false])
  })
  it('apply link and flow fields everywhere, even when left at their defaults', () => {
    expect(appliesTo(dt, 'link.rate_mbps')).toBe(true)
    expect(appliesTo(dt, 'flows[*].rwnd')).toBe(true)
    expect(appliesTo(dt, 'flows[3].rwnd')).toBe(false)
  })
  it('round typed ranges for whole-number parameters', () => {
    expect(isWholeNumber(dt, 'link.buffer')).toBe(true)
    expect(isWholeNumber(red, 'aqm.max_p')).toBe(false)
    expect(isWholeNumber(toObject({ flows: [{ rtt_ms: [10, 10] }] }), 'flows[0].rtt_ms[*]')).toBe(true)
  })
})
