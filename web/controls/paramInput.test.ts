import { describe, expect, it } from 'vitest'
import { checkParamInput, displayValue, formatNumber, SLIDER_STEPS, sliderScale, tidy } from './paramInput'
import type { ParamSchema } from '../engine/protocol'

const minTh: ParamSchema = {
  name: 'min_th',
  label: 'Minimum threshold',
  unit: 'packets',
  min: 1,
  max: 500,
  default: 5,
  step: 1,
  integer: true,
  boolean: false,
  help: '',
}

describe('checkParamInput', () => {
  it('accepts a value in range', () => {
    expect(checkParamInput(' 12 ', minTh)).toEqual({ ok: true, value: 12 })
  })

  it('says why a value cannot be sent, for the page to word in the reader’s language', () => {
    expect(checkParamInput('900', minTh)).toEqual({ ok: false, reason: 'range' })
    expect(checkParamInput('', minTh)).toEqual({ ok: false, reason: 'empty' })
    expect(checkParamInput('abc', minTh)).toEqual({ ok: false, reason: 'number' })
    expect(checkParamInput('2.5', minTh)).toEqual({ ok: false, reason: 'whole' })
    expect(checkParamInput('2.5', { ...minTh, integer: false }).ok).toBe(true)
  })

  it('formats range ends compactly and groups large numbers', () => {
    expect(formatNumber(0.0020000001)).toBe('0.002')
    expect(formatNumber(1_500_000_000)).toBe('1,500,000,000')
  })

  it('shows engine values compactly', () => {
    expect(displayValue(0.1 + 0.2)).toBe('0.3')
    expect(displayValue(125_000)).toBe('125000') // a number input cannot show "125,000"
    expect(displayValue(2_147_483_647)).toBe('2147483647')
    expect(displayValue(0.0020000001)).toBe('0.0020000001')
    expect(displayValue(true)).toBe('1')
    expect(displayValue(undefined)).toBe('')
  })
})

describe('sliderScale', () => {
  const base = { ...minTh, integer: false, step: 0 }

  it('narrows a huge range to the cap and maps both ends', () => {
    const s = sliderScale({ ...base, min: 0, max: 1e8 }, 100)
    expect(s.fromPosition(0)).toBe(0)
    expect(s.fromPosition(SLIDER_STEPS)).toBe(100)
    expect(s.toPosition(15)).toBe(150)
    expect(s.fromPosition(s.toPosition(15))).toBe(15)
    expect(s.toPosition(5000)).toBe(SLIDER_STEPS) // beyond the cap: pinned at the end
  })

  it('is logarithmic over many decades starting above zero', () => {
    const s = sliderScale({ ...base, min: 1e-6, max: 1 })
    expect(s.toPosition(1e-3)).toBe(SLIDER_STEPS / 2)
    expect(s.fromPosition(SLIDER_STEPS / 2)).toBeCloseTo(1e-3, 9)
    expect(s.fromPosition(s.toPosition(0.002))).toBeCloseTo(0.002, 6)
  })

  it('rounds to whole numbers or to the schema step', () => {
    expect(tidy(7.6, { ...base, integer: true })).toBe(8)
    expect(tidy(0.123456, { ...base, step: 0.05 })).toBe(0.1)
    expect(tidy(0.0123456, base)).toBe(0.0123)
  })
})
