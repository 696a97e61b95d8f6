// State that the frame loop writes and React reads: a chart's y domain, its "has an average" flag, a
// read-out's text. The draw callback only records the value (no React work inside requestAnimationFrame);
// React hears of a change in a task after the frame, once however many frames changed it, and not at
// all when a frame writes the value it already has. So React renders when a domain or a text changes,
// never because a frame was drawn.
import { useState, useSyncExternalStore } from 'react'

export interface FrameState<T> {
  get(): T
  /** Records `v`; subscribers hear of it after the current frame, if it differs (Object.is). */
  set(v: T): void
  subscribe(listener: () => void): () => void
}

/** Runs `f` in a task of its own, after the frame callback that asked for it has returned. */
type Post = (f: () => void) => void
const afterFrame: Post = (f) => void setTimeout(f, 0)

export function frameState<T>(initial: T, post: Post = afterFrame): FrameState<T> {
  let value = initial
  let posted = false
  const listeners = new Set<() => void>()
  const flush = () => {
    posted = false
    for (const l of [...listeners]) l()
  }
  return {
    get: () => value,
    set(v) {
      if (Object.is(v, value)) return
      value = v
      if (!posted) {
        posted = true
        post(flush)
      }
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

/** Like `useState`, for a value the frame loop sets: `[value, set]`, where `set` never renders inside the frame. */
export function useFrameState<T>(initial: T | (() => T)): [T, (v: T) => void] {
  const [state] = useState(() => frameState(typeof initial === 'function' ? (initial as () => T)() : initial))
  const value = useSyncExternalStore(state.subscribe, state.get, state.get)
  return [value, state.set]
}
