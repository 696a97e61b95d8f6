import { describe, expect, it } from 'vitest'
import { fieldBounds, readFieldInput } from './fieldInput'

describe('field input', () => {
  it('reads numbers, empty optional fields and refuses the rest with a reason', () => {
    expect(readFieldInput(' 2.5 ', {})).toEqual({ ok: true, value: 2.5 })
    expect(readFieldInput('', { optional: true })).toEqual({ ok: true, value: null })
    expect(readFieldInput('', {})).toEqual({ ok: false, reason: 'number' })
    expect(readFieldInput('ten', {})).toEqual({ ok: false, reason: 'number' })
    expect(readFieldInput('2.5', { integer: true })).toEqual({ ok: false, reason: 'whole' })
    expect(readFieldInput('-1', { integer: true })).toEqual({ ok: false, reason: 'whole' })
    // The schema's limits are checked at once, as the parameter panel does.
    expect(fieldBounds('link.rate_mbps')).toEqual({ min: 0.01, max: 100000 })
    expect(fieldBounds('flows[3].count')).toEqual({ min: 1, max: 10000 })
    expect(readFieldInput('0', { integer: true }, fieldBounds('flows[0].count'))).toEqual({
      ok: false,
      reason: 'range',
    })
    expect(readFieldInput('0', {}, fieldBounds('link.rate_mbps'))).toEqual({ ok: false, reason: 'range' })
    expect(readFieldInput('1.5', {}, fieldBounds('link.loss_rate'))).toEqual({ ok: false, reason: 'range' })
    expect(readFieldInput('1e308', {}, fieldBounds('link.rate_mbps'))).toEqual({ ok: false, reason: 'range' })
    expect(readFieldInput('0.5', {}, fieldBounds('link.loss_rate'))).toEqual({ ok: true, value: 0.5 })
  })
})
