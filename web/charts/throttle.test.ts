import { describe, expect, it } from 'vitest'
import { throttle, type Timers } from './throttle'

/** A clock and timer queue the test advances by hand. */
function fakeTimers() {
  let now = 0
  let queue: Array<{ at: number; fn: () => void; id: number }> = []
  let ids = 0
  const timers: Timers = {
    now: () => now,
    set: (fn, ms) => {
      queue.push({ at: now + ms, fn, id: ++ids })
      return ids
    },
    clear: (id) => {
      queue = queue.filter((q) => q.id !== id)
    },
  }
  const advance = (ms: number) => {
    now += ms
    const due = queue.filter((q) => q.at <= now)
    queue = queue.filter((q) => q.at > now)
    for (const q of due) q.fn()
  }
  return { timers, advance }
}

/** A 40 ms throttle on fake timers, and what it sent. */
function throttled() {
  const { timers, advance } = fakeTimers()
  const sent: number[] = []
  const send = (v: number) => sent.push(v)
  return { advance, sent, send, th: throttle<number>(40, timers) }
}

describe('sending a dragged value', () => {
  it('sends the first value at once, then at most one per interval, always the newest', () => {
    const { advance, sent, send, th } = throttled()
    th.push(1, send)
    th.push(2, send)
    th.push(3, send)
    expect(sent).toEqual([1])
    advance(39)
    expect(sent).toEqual([1])
    advance(1)
    expect(sent).toEqual([1, 3])
    advance(100)
    th.push(4, send) // the interval is over: sent at once
    expect(sent).toEqual([1, 3, 4])
  })

  it('sends the final value on release, once, and drops a pending one', () => {
    const { advance, sent, send, th } = throttled()
    th.push(1, send)
    th.push(2, send)
    th.flush(5, send)
    advance(100)
    expect(sent).toEqual([1, 5])
    th.flush(5, send) // already the engine's value
    expect(sent).toEqual([1, 5])
  })

  it('cancels what is pending when the handle goes away', () => {
    const { timers, advance } = fakeTimers()
    const sent: number[] = []
    const th = throttle<number>(40, timers)
    th.push(1, (v) => sent.push(v))
    th.push(2, (v) => sent.push(v))
    th.cancel()
    advance(100)
    expect(sent).toEqual([1])
  })
})
