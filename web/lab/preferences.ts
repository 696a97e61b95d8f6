// View preferences: colour theme and large type. They belong to the person's screen, not to the
// experiment, so they live in localStorage and never in a scenario or a shared link. The theme
// follows the system's light/dark setting until someone picks one.
import { loadSetting, saveSetting, type ViewStorage } from '../chrome/viewStorage'
import { parseObject } from '../scenario/json'

export type ThemeChoice = 'system' | 'light' | 'dark'
export type Theme = 'light' | 'dark'

export interface ViewPrefs {
  theme: ThemeChoice
  largeType: boolean
}

export const DEFAULT_PREFS: ViewPrefs = { theme: 'system', largeType: false }
export const PREFS_KEY = 'aqm-lab:view'
export const THEME_CHOICES: readonly ThemeChoice[] = ['system', 'light', 'dark']

function isThemeChoice(x: unknown): x is ThemeChoice {
  return THEME_CHOICES.some((c) => c === x)
}

/** Reads stored preferences; anything missing or malformed falls back to the default. */
export function parsePrefs(raw: string | null): ViewPrefs {
  const v = raw === null ? null : parseObject(raw)
  if (v === null) return DEFAULT_PREFS
  const theme = isThemeChoice(v.theme) ? v.theme : DEFAULT_PREFS.theme
  const largeType = typeof v.largeType === 'boolean' ? v.largeType : DEFAULT_PREFS.largeType
  return { theme, largeType }
}

export function serializePrefs(p: ViewPrefs): string {
  return JSON.stringify({ theme: p.theme, largeType: p.largeType })
}

export function resolveTheme(choice: ThemeChoice, systemDark: boolean): Theme {
  if (choice === 'system') return systemDark ? 'dark' : 'light'
  return choice
}

/** What goes on <html>: data-theme (resolved) and data-type-size; CSS keys off both. */
export function htmlAttributes(p: ViewPrefs, systemDark: boolean): Record<'data-theme' | 'data-type-size', string> {
  return { 'data-theme': resolveTheme(p.theme, systemDark), 'data-type-size': p.largeType ? 'large' : 'normal' }
}

export function loadPrefs(storage: ViewStorage | null): ViewPrefs {
  return loadSetting(storage, PREFS_KEY, parsePrefs)
}

export function savePrefs(storage: ViewStorage | null, p: ViewPrefs): void {
  saveSetting(storage, PREFS_KEY, serializePrefs(p))
}
