import { describe, expect, it } from 'vitest'
import { SampleBuffer } from '../engine/samples'
import { firstSignalTime, prefixDigest, trafficColumns } from './traffic'

const columns = ['t', 'q_pkts', 'avg', 'p', 'drops', 'marks', 'cwnd_0']

function buffer(rows: number[][]): SampleBuffer {
  const b = new SampleBuffer(columns, 64)
  b.append(Float64Array.from(rows.flat()))
  return b
}

describe('identical traffic', () => {
  const a = buffer([
    [0.05, 1, 0.1, 0, 0, 0, 2],
    [0.1, 3, 0.2, 0, 0, 0, 4],
    [0.15, 9, 0.3, 0.1, 2, 0, 3],
  ])
  const b = buffer([
    [0.05, 1, Number.NaN, Number.NaN, 0, 0, 2],
    [0.1, 3, Number.NaN, Number.NaN, 0, 0, 4],
    [0.15, 5, Number.NaN, Number.NaN, 0, 0, 5],
  ])

  it('leaves the discipline’s own columns out', () => {
    expect(trafficColumns(columns)).toEqual(['t', 'q_pkts', 'cwnd_0'])
  })

  it('agree until the first drop and differ after it', () => {
    const before = Math.min(firstSignalTime(a), firstSignalTime(b))
    expect(before).toBe(0.15)
    const cols = trafficColumns(columns)
    expect(prefixDigest(a, cols, before)).toEqual(prefixDigest(b, cols, before))
    expect(prefixDigest(a, cols, before).rows).toBe(2)
    expect(prefixDigest(a, cols, Infinity).digest).not.toBe(prefixDigest(b, cols, Infinity).digest)
  })
})
