import { describe, expect, it } from 'vitest'
import { timeTickCount, timeTickFormat } from './format'

describe('time axis labels', () => {
  it('writes long-run seconds in full, grouped by thousands, never as SI "k"', () => {
    expect(timeTickFormat(117086)).toBe('117,086')
    expect(timeTickFormat(117088.5)).toBe('117,088.5')
    expect(timeTickFormat(10000)).toBe('10,000')
  })
  it('keeps short-run seconds as they were', () => {
    expect(timeTickFormat(0)).toBe('0')
    expect(timeTickFormat(2.5)).toBe('2.5')
    expect(timeTickFormat(9998)).toBe('9998')
  })
  it('gives long labels more room', () => {
    expect(timeTickCount(700, 20)).toBe(10)
    expect(timeTickCount(700, 117088)).toBe(6)
    expect(timeTickCount(50, 20)).toBe(2)
  })
})
