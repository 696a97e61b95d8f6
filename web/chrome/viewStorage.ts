// The view's settings kept in this browser (theme and type size, the first-visit card): localStorage, never a
// scenario or a link. A storage that is missing or refuses (private mode, a sandboxed frame, a full quota)
// costs nothing but memory: the setting then lasts this page view.

export interface ViewStorage {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
}

/** window.localStorage; null where there is none or even reading the property is forbidden (sandboxed iframe). */
export function browserStorage(): ViewStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage
  } catch {
    return null
  }
}

/** What `parse` makes of the text stored under `key`: `parse(null)` when nothing is stored or storage refuses. */
export function loadSetting<T>(storage: ViewStorage | null, key: string, parse: (raw: string | null) => T): T {
  let raw: string | null = null
  try {
    raw = storage?.getItem(key) ?? null
  } catch {
    // Refused: as if nothing were stored.
  }
  return parse(raw)
}

/** Stores `text` under `key`; when storage refuses, the setting lasts this page view. */
export function saveSetting(storage: ViewStorage | null, key: string, text: string): void {
  try {
    storage?.setItem(key, text)
  } catch {
    // Quota or sandbox: nothing to do.
  }
}
