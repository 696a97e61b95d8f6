import { describe, expect, it } from 'vitest'
import {
  DEFAULT_PREFS,
  htmlAttributes,
  loadPrefs,
  parsePrefs,
  PREFS_KEY,
  resolveTheme,
  savePrefs,
  serializePrefs,
} from './preferences'
import { memoryStorage, refusingStorage } from '../chrome/storageFixtures'

describe('view preferences', () => {
  it('follow the system colour scheme until a theme is picked', () => {
    expect(DEFAULT_PREFS.theme).toBe('system')
    expect(resolveTheme('system', true)).toBe('dark')
    expect(resolveTheme('system', false)).toBe('light')
    expect(resolveTheme('light', true)).toBe('light')
    expect(resolveTheme('dark', false)).toBe('dark')
  })

  it('round-trip through storage', () => {
    const s = memoryStorage()
    savePrefs(s, { theme: 'dark', largeType: true })
    expect(s.data.get(PREFS_KEY)).toBe(serializePrefs({ theme: 'dark', largeType: true }))
    expect(loadPrefs(s)).toEqual({ theme: 'dark', largeType: true })
  })

  it('fall back field by field when what is stored is missing, malformed or foreign', () => {
    expect(parsePrefs(null)).toEqual(DEFAULT_PREFS)
    expect(parsePrefs('{not json')).toEqual(DEFAULT_PREFS)
    expect(parsePrefs('"dark"')).toEqual(DEFAULT_PREFS)
    expect(parsePrefs('{"theme":"neon","largeType":true}')).toEqual({ theme: 'system', largeType: true })
    expect(parsePrefs('{"theme":"light","largeType":"yes"}')).toEqual({ theme: 'light', largeType: false })
  })

  it('survive a storage that refuses to read or write', () => {
    expect(loadPrefs(refusingStorage)).toEqual(DEFAULT_PREFS)
    expect(() => savePrefs(refusingStorage, { theme: 'dark', largeType: false })).not.toThrow()
    expect(loadPrefs(null)).toEqual(DEFAULT_PREFS)
  })

  it('put the resolved theme and the type size on <html>', () => {
    expect(htmlAttributes({ theme: 'system', largeType: false }, true)).toEqual({
      'data-theme': 'dark',
      'data-type-size': 'normal',
    })
    expect(htmlAttributes({ theme: 'light', largeType: true }, true)).toEqual({
      'data-theme': 'light',
      'data-type-size': 'large',
    })
  })
})
