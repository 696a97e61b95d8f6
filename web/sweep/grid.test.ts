import { describe, expect, it } from 'vitest'
import { toObject } from '../presets/patch'
import { buildGrid, evenly, formatValues, parseValues } from './grid'

describe('the sweep grid', () => {
  const red = toObject({ link: { buffer: 36 }, aqm: { kind: 'red', min_th: 6, max_th: 12 } })
  const dt = toObject({ link: { buffer: 36 }, aqm: { kind: 'droptail' } })

  it('runs every side at every value, value-major, with derived thresholds where the side has them', () => {
    const grid = buildGrid([red, dt], 'link.buffer', [24, 30], [{ path: 'aqm.min_th', div: 6 }, { path: 'aqm.max_th', div: 3 }])
    expect(grid.map((p) => [p.x, p.side])).toEqual([[24, 0], [24, 1], [30, 0], [30, 1]])
    expect(JSON.parse(grid[0].scenario)).toEqual({ link: { buffer: 24 }, aqm: { kind: 'red', min_th: 4, max_th: 8 } })
    expect(JSON.parse(grid[1].scenario)).toEqual({ link: { buffer: 24 }, aqm: { kind: 'droptail' } })
  })

  it('writes whole numbers as integers, as the engine reads counts and buffers', () => {
    expect(buildGrid([dt], 'link.buffer', [24])[0].scenario).toContain('"buffer":24}')
  })
})

describe('typed values', () => {
  it('accept commas, spaces and semicolons, drop repeats and keep the order', () => {
    expect(parseValues('24, 30 36;42,,24')).toEqual({ ok: true, values: [24, 30, 36, 42] })
    expect(parseValues('1e-2 0.5')).toEqual({ ok: true, values: [0.01, 0.5] })
  })
  it('name the first thing that is not a number', () => {
    expect(parseValues('1, two, 3')).toEqual({ ok: false, bad: 'two' })
    expect(parseValues('   ').ok).toBe(false)
    expect(parseValues('1 2 3', 2).ok).toBe(false)
  })
  it('fill a range evenly, rounded for whole-number parameters', () => {
    expect(evenly(10, 50, 5, true)).toEqual([10, 20, 30, 40, 50])
    expect(evenly(1, 2, 3, true)).toEqual([1, 2])
    expect(evenly(0.01, 0.1, 4, false)).toEqual([0.01, 0.04, 0.07, 0.1])
    expect(formatValues([1, 0.5])).toBe('1, 0.5')
  })
})
