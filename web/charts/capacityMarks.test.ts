import { describe, expect, it } from 'vitest'
import { SampleBuffer } from '../engine/samples'
import { capacityChanges, meanCapacity } from './capacityMarks'

function buffer(columns: string[], rows: number[][]): SampleBuffer {
  const b = new SampleBuffer(columns, 64)
  b.append(new Float64Array(rows.flat()))
  return b
}

describe('capacityChanges', () => {
  it('finds each change of the capacity column at the first row at the new rate', () => {
    const b = buffer(
      ['t', 'q_pkts', 'capacity_mbps'],
      [
        [0.1, 0, 10],
        [0.2, 3, 10],
        [0.3, 5, 4],
        [0.4, 6, 4],
        [0.5, 2, 8],
      ],
    )
    expect(capacityChanges(b, 0, b.length, 0)).toEqual([
      { t: 0.3, from: 10, to: 4 },
      { t: 0.5, from: 4, to: 8 },
    ])
    // Only the rows asked for: a window that starts after the first change sees the second.
    expect(capacityChanges(b, 3, b.length, 0)).toEqual([{ t: 0.5, from: 4, to: 8 }])
  })

  it('finds nothing on a fixed link (no capacity column)', () => {
    const b = buffer(
      ['t', 'q_pkts'],
      [
        [0.1, 0],
        [0.2, 1],
      ],
    )
    expect(capacityChanges(b, 0, b.length, 0)).toEqual([])
  })
})

describe('meanCapacity', () => {
  it('averages the capacity over the rows a chart reads, and is null on a fixed link', () => {
    const b = buffer(
      ['t', 'capacity_mbps'],
      [
        [0.1, 10],
        [0.2, 10],
        [0.3, 4],
        [0.4, 4],
      ],
    )
    expect(meanCapacity(b, 0, 4)).toBe(7)
    expect(meanCapacity(b, 2, 4)).toBe(4)
    expect(meanCapacity(buffer(['t'], [[0.1]]), 0, 1)).toBeNull()
  })
})
