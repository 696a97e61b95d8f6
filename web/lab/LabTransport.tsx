// Where the lab's playback (controls/StoreTransport) goes: on a wide screen it heads the controls column; on a
// narrow one (a phone) the page is one column with the controls after every chart, so it heads the charts
// instead: Play and the queue chart on the first screen.
import { useSyncExternalStore } from 'react'

/** The width under which the page is one column (global.css, `@media (max-width: 760px)`). */
const NARROW = '(max-width: 760px)'

function subscribe(onChange: () => void): () => void {
  const q = typeof window !== 'undefined' ? window.matchMedia?.(NARROW) : undefined
  q?.addEventListener?.('change', onChange)
  return () => q?.removeEventListener?.('change', onChange)
}

/** Whether the page is laid out as one column. */
export function useNarrow(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => (typeof window !== 'undefined' && window.matchMedia?.(NARROW).matches) || false,
    () => false,
  )
}
