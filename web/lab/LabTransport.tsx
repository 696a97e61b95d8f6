// Playback for the lab (play, pause, step, reset, speed) with the engine's errors about running. On a
// wide screen it heads the controls column; on a narrow one (a phone) the page is one column with the
// controls after every chart, so it heads the charts instead: Play and the queue chart on the first screen.
import { useSyncExternalStore } from 'react'
import { errorKey, type SimSnapshot, type SimStore } from '../engine/store'
import { Transport } from '../controls/Transport'

/** Errors shown under the transport: running, stepping and the engine as a whole. */
const TRANSPORT_ERRORS = ['run', 'step', 'engine', 'protocol'] as const

export function LabTransport({ snapshot, store }: { snapshot: SimSnapshot; store: SimStore }) {
  const error = TRANSPORT_ERRORS.map((k) => snapshot.errors[errorKey({ control: k })]).find((e) => e !== undefined)
  return (
    <Transport
      playing={snapshot.playing}
      speed={snapshot.speed}
      disabled={!snapshot.ready}
      error={error}
      onPlay={() => store.play()}
      onPause={() => store.pause()}
      onStep={(s) => store.step(s)}
      onReset={() => store.reset()}
      onSpeed={(v) => store.setSpeed(v)}
    />
  )
}

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
