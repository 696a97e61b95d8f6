import { describe, expect, it } from 'vitest'
import { frameState } from './frameState'

describe('state written by the frame loop', () => {
  it('tells subscribers after the frame, once, and only of a change', () => {
    const posted: Array<() => void> = []
    const s = frameState(20, (f) => posted.push(f))
    let heard = 0
    s.subscribe(() => heard++)
    // Inside one frame: three writes, one of them the value it already has.
    s.set(20)
    expect(posted).toHaveLength(0)
    s.set(40)
    s.set(60)
    expect(s.get()).toBe(60)
    expect(heard).toBe(0) // nothing during the frame
    expect(posted).toHaveLength(1) // one task, however many writes
    posted.shift()?.()
    expect(heard).toBe(1)
    s.set(60)
    expect(posted).toHaveLength(0)
  })

  it('stops telling a subscriber that left', () => {
    const posted: Array<() => void> = []
    const s = frameState('a', (f) => posted.push(f))
    let heard = 0
    const leave = s.subscribe(() => heard++)
    leave()
    s.set('b')
    posted.shift()?.()
    expect(heard).toBe(0)
  })
})
