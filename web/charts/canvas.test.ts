import { describe, expect, it } from 'vitest'
import { SampleBuffer } from '../engine/samples'
import { columnMax, traceColumn } from './canvas'

/** Records path commands as [op, x, y]. */
function recorder() {
  const ops: Array<[string, number, number]> = []
  const ctx = {
    moveTo: (x: number, y: number) => ops.push(['M', x, y]),
    lineTo: (x: number, y: number) => ops.push(['L', x, y]),
  }
  return { ops, ctx: ctx as unknown as CanvasRenderingContext2D }
}

const id = (v: number) => v

describe('tracing a column on canvas', () => {
  it('draws every row when there are fewer rows than buckets, breaking at NaN', () => {
    const b = new SampleBuffer(['t', 'q'], 8)
    b.append(new Float64Array([0, 1, 1, 2, 2, NaN, 3, 4, 4, 5]))
    const { ops, ctx } = recorder()
    traceColumn(ctx, b, 0, 5, 0, 1, id, id, 100)
    expect(ops).toEqual([
      ['M', 0, 1],
      ['L', 1, 2],
      ['M', 3, 4],
      ['L', 4, 5],
    ])
  })

  it('keeps each bucket\u2019s extremes when zoomed out, so a one-sample spike still shows', () => {
    const n = 1000
    const b = new SampleBuffer(['t', 'q'], n)
    const rows = new Float64Array(2 * n)
    for (let i = 0; i < n; i++) {
      rows[2 * i] = i
      rows[2 * i + 1] = i === 537 ? 90 : 10
    }
    b.append(rows)
    const { ops, ctx } = recorder()
    traceColumn(ctx, b, 0, n, 0, 1, id, id, 50)
    expect(ops.length).toBeLessThanOrEqual(4 * 50)
    expect(Math.max(...ops.map((o) => o[2]))).toBe(90)
    expect(ops[0]).toEqual(['M', 0, 10])
    expect(ops[ops.length - 1]).toEqual(['L', 999, 10])
    expect(columnMax(b, 0, n, 1)).toBe(90)
    expect(columnMax(b, 0, 500, 1)).toBe(10)
  })
})

describe('tracing many overlapping traces', () => {
  it('keeps only each bucket’s extremes, in the order the values went', () => {
    const b = new SampleBuffer(['t', 'q'], 16)
    // Two buckets of three rows: rising 1 → 5, then falling 9 → 2.
    b.append(new Float64Array([0, 1, 1, 3, 2, 5, 3, 9, 4, 4, 5, 2]))
    const { ops, ctx } = recorder()
    const max = traceColumn(ctx, b, 0, 6, 0, 1, id, id, 2, true)
    expect(ops).toEqual([
      ['M', 1, 1],
      ['L', 1, 5],
      ['L', 4, 9],
      ['L', 4, 2],
    ])
    expect(max).toBe(9)
  })
})
