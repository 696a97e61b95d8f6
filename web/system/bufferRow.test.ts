import { describe, expect, it } from 'vitest'
import { sampleIndices, slotX, spawnMarks, type Mark } from './bufferRow'
import { readViewFrame } from './viewFrame'

const g = { width: 100, height: 60, rowTop: 4, rowH: 20 }

describe('the buffer row', () => {
  it('puts the head of the queue on the right', () => {
    expect(slotX(g, 10, 0)).toEqual({ x: 90, w: 10 })
    expect(slotX(g, 10, 9)).toEqual({ x: 0, w: 10 })
  })

  it('samples evenly when a frame has more events than it draws', () => {
    expect(sampleIndices(3, 8)).toEqual([0, 1, 2])
    expect(sampleIndices(16, 4)).toEqual([0, 4, 8, 12])
  })

  it('drops at arrival start at the tail, at departure at the head; marks are rings', () => {
    // 10 slots of capacity, 3 queued; an arrival drop of flow 1 and a departure mark of flow 2.
    const arrivalDrop = 1
    const departureMark = (2 | (1 << 24) | (1 << 25)) >>> 0
    const frame = readViewFrame(Uint32Array.from([1, 3, 10, 2, 2, 0, 0, 0, arrivalDrop, departureMark]))
    expect(frame).not.toBeNull()
    const marks: Mark[] = []
    if (frame) expect(spawnMarks(marks, frame, g, 0)).toEqual({ drops: 1, marks: 1 })
    expect(marks).toEqual([
      { x: 65, born: 0, dropped: true },
      { x: 95, born: 0, dropped: false },
    ])
  })
})
