// View preferences: colour theme and large type. They belong to the person's screen, not to the
// experiment, so they live in localStorage and never in a scenario or a shared link. The theme
// follows the system's light/dark setting until someone picks one.

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
  if (raw === null) return DEFAULT_PREFS
  let v: unknown
  try {
    v = JSON.parse(raw)
  } catch {
    return DEFAULT_PREFS
  }
  if (typeof v !== 'object' || v === null) return DEFAULT_PREFS
  const theme = 'theme' in v && isThemeChoice(v.theme) ? v.theme : DEFAULT_PREFS.theme
  const largeType = 'largeType' in v && typeof v.largeType === 'boolean' ? v.largeType : DEFAULT_PREFS.largeType
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

/** Storage that may be missing or refuse (private mode, sandboxed iframe): preferences then last a page view. */
export interface PrefsStorage {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
}

export function loadPrefs(storage: PrefsStorage | null): ViewPrefs {
  try {
    return parsePrefs(storage?.getItem(PREFS_KEY) ?? null)
  } catch {
    return DEFAULT_PREFS
  }
}

export function savePrefs(storage: PrefsStorage | null, p: ViewPrefs): void {
  try {
    storage?.setItem(PREFS_KEY, serializePrefs(p))
  } catch {
    // Storage refused (quota, sandbox): the choice still applies to this page view.
  }
}
