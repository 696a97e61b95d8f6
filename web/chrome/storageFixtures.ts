// Storages for the tests of settings kept in the browser (viewStorage.ts): one in memory, one that refuses.
import type { ViewStorage } from './viewStorage'

export function memoryStorage(initial: Record<string, string> = {}): ViewStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial))
  return { getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v), data }
}

/** A storage that throws on every read and write (a sandboxed frame, a full quota). */
export const refusingStorage: ViewStorage = {
  getItem: () => {
    throw new Error('SecurityError')
  },
  setItem: () => {
    throw new Error('QuotaExceededError')
  },
}
