import { describe, expect, it } from 'vitest'
import { decodeEvent, readViewFrame, slotFlow, slotMarked } from './viewFrame'

// Words built by hand with the engine's layout (engine-wasm/src/view.rs): flow in bits 0–20, reason index
// in 21–23, marked in 24, where in 25–26; slots carry CE in bit 31.
const event = (flow: number, reason: number, marked: boolean, where: number) =>
  (flow | (reason << 21) | ((marked ? 1 : 0) << 24) | (where << 25)) >>> 0

describe('system view frame', () => {
  it('splits header, slots and events', () => {
    const words = Uint32Array.from([2, 3, 50, 2, 7, 4, 9 | 0x80000000, 1, event(4, 0, false, 0), event(9, 1, true, 1)])
    const f = readViewFrame(words)
    expect(f).not.toBeNull()
    expect(f?.perSlot).toBe(2)
    expect(f?.capacitySlots).toBe(50)
    expect(f?.eventsTotal).toBe(7)
    expect(Array.from(f?.slots ?? [], slotFlow)).toEqual([4, 9, 1])
    expect(Array.from(f?.slots ?? [], slotMarked)).toEqual([false, true, false])
    expect(Array.from(f?.events ?? [], decodeEvent)).toEqual([
      { flow: 4, reason: 'overflow', marked: false, where: 'arrival' },
      { flow: 9, reason: 'early', marked: true, where: 'departure' },
    ])
  })

  it('decodes every reason and the largest flow id', () => {
    expect(decodeEvent(event(0x1fffff, 6, true, 2))).toEqual({
      flow: 0x1fffff,
      reason: 'ppd',
      marked: true,
      where: 'timer',
    })
    expect(decodeEvent(event(12, 3, false, 1)).reason).toBe('target')
    // DualPI2's overload drops (index 7, the last the three bits hold), a reason the catalogue added later.
    expect(decodeEvent(event(5, 7, false, 1)).reason).toBe('overload')
  })

  it('refuses frames that do not match their header', () => {
    expect(readViewFrame(Uint32Array.from([1, 2, 10, 0]))).toBeNull()
    expect(readViewFrame(Uint32Array.from([1, 2, 10, 0, 0, 5]))).toBeNull()
    expect(readViewFrame(Uint32Array.from([0, 0, 10, 0, 0]))).toBeNull()
    expect(readViewFrame(Uint32Array.from([1, 0, 10, 2, 1, 0, 0]))).toBeNull()
    expect(readViewFrame(Uint32Array.from([1, 0, 10, 0, 0]))?.slots.length).toBe(0)
  })
})
