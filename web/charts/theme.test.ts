import { describe, expect, it } from 'vitest'
import { withAlpha } from './theme'

describe('canvas colours', () => {
  it('adds transparency to the colour forms a stylesheet may hold', () => {
    expect(withAlpha('#009e73', 0.2)).toBe('rgba(0, 158, 115, 0.2)')
    expect(withAlpha('#fff', 0.5)).toBe('rgba(255, 255, 255, 0.5)')
    expect(withAlpha('rgb(86, 180, 233)', 0.1)).toBe('rgba(86, 180, 233, 0.1)')
    expect(withAlpha('rgb(86 180 233)', 0.1)).toBe('rgba(86, 180, 233, 0.1)')
    expect(withAlpha('teal', 0.3)).toBe('teal') // named colours pass through unchanged
  })
})
