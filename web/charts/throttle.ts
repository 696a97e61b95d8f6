// Sends a dragged parameter at most every `ms` while the drag goes on (leading and trailing), and
// the final value on release, so the engine sees the change within a frame or two without a
// message per pointer event.

export interface Throttle<T> {
  /** A new value during the drag: sent now, or when the interval since the last send is over. */
  push(value: T, send: (value: T) => void): void
  /** The drag ended at `value`: sent at once unless it was the last value sent. */
  flush(value: T, send: (value: T) => void): void
  cancel(): void
}

export interface Timers {
  now(): number
  set(fn: () => void, ms: number): unknown
  clear(handle: unknown): void
}

const browserTimers: Timers = {
  now: () => performance.now(),
  set: (fn, ms) => setTimeout(fn, ms),
  clear: (h) => clearTimeout(typeof h === 'number' ? h : undefined),
}

export function throttle<T>(ms: number, timers: Timers = browserTimers): Throttle<T> {
  let lastAt = -Infinity
  let hasSent = false
  let lastSent: T | undefined
  let pending: { value: T; send: (value: T) => void } | null = null
  let timer: unknown = null

  const emit = (value: T, send: (value: T) => void) => {
    lastAt = timers.now()
    hasSent = true
    lastSent = value
    send(value)
  }
  const stopTimer = () => {
    if (timer !== null) timers.clear(timer)
    timer = null
  }

  return {
    push(value, send) {
      const since = timers.now() - lastAt
      if (since >= ms && timer === null) {
        emit(value, send)
        return
      }
      pending = { value, send }
      if (timer === null) {
        timer = timers.set(
          () => {
            timer = null
            if (pending !== null) emit(pending.value, pending.send)
            pending = null
          },
          Math.max(0, ms - since),
        )
      }
    },
    flush(value, send) {
      stopTimer()
      pending = null
      if (!hasSent || lastSent !== value) emit(value, send)
    },
    cancel() {
      stopTimer()
      pending = null
    },
  }
}
