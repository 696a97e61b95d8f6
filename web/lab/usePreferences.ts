// The view preferences as a tiny external store: read once from localStorage, written back on
// change, mirrored onto <html> (data-theme, data-type-size) and following the system's colour
// scheme while the theme is "system".
import { useSyncExternalStore } from 'react'
import { browserStorage } from '../chrome/viewStorage'
import { htmlAttributes, loadPrefs, savePrefs, type ViewPrefs } from './preferences'

const darkQuery =
  typeof window !== 'undefined' && 'matchMedia' in window ? window.matchMedia('(prefers-color-scheme: dark)') : null
let prefs: ViewPrefs = loadPrefs(browserStorage())
const listeners = new Set<() => void>()

function apply(): void {
  if (typeof document === 'undefined') return
  const attrs = htmlAttributes(prefs, darkQuery?.matches ?? false)
  for (const [k, v] of Object.entries(attrs)) document.documentElement.setAttribute(k, v)
}

function notify(): void {
  apply()
  for (const l of listeners) l()
}

darkQuery?.addEventListener('change', notify)
apply() // before the first render, so a dark page does not flash light

export function setPrefs(patch: Partial<ViewPrefs>): void {
  prefs = { ...prefs, ...patch }
  savePrefs(browserStorage(), prefs)
  notify()
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function usePreferences(): ViewPrefs {
  return useSyncExternalStore(subscribe, () => prefs)
}
