import { describe, expect, it } from 'vitest'
import { toObject } from '../scenario/json'
import { buildGrid, cellsOf, evenly, formatValues, parseValues } from './grid'

describe('the sweep grid', () => {
  const red = toObject({ link: { buffer: 36 }, aqm: { kind: 'red', min_th: 6, max_th: 12 } })
  const dt = toObject({ link: { buffer: 36 }, aqm: { kind: 'droptail' } })

  it('runs every side at every value, value-major, with derived thresholds where the side has them', () => {
    const grid = buildGrid(
      [red, dt],
      'link.buffer',
      [24, 30],
      [
        { path: 'aqm.min_th', div: 6 },
        { path: 'aqm.max_th', div: 3 },
      ],
    )
    expect(grid.map((p) => [p.x, p.side, p.rep])).toEqual([
      [24, 0, 0],
      [24, 1, 0],
      [30, 0, 0],
      [30, 1, 0],
    ])
    expect(JSON.parse(grid[0].scenario)).toEqual({ link: { buffer: 24 }, aqm: { kind: 'red', min_th: 4, max_th: 8 } })
    expect(JSON.parse(grid[1].scenario)).toEqual({ link: { buffer: 24 }, aqm: { kind: 'droptail' } })
  })

  it('writes whole numbers as integers, as the engine reads counts and buffers', () => {
    expect(buildGrid([dt], 'link.buffer', [24])[0].scenario).toContain('"buffer":24}')
  })
})

describe('a 2-D, replicated grid', () => {
  const base = toObject({ seed: 7, link: { buffer: 36 }, flows: [{ count: 2 }], aqm: { kind: 'droptail' } })
  it('runs x, then y, then side, then the seeds of one point together', () => {
    const grid = buildGrid([base], 'link.buffer', [20, 40], [], { param: 'flows[*].count', values: [1, 3] }, 2)
    expect(grid.map((p) => [p.x, p.y, p.rep])).toEqual([
      [20, 1, 0],
      [20, 1, 1],
      [20, 3, 0],
      [20, 3, 1],
      [40, 1, 0],
      [40, 1, 1],
      [40, 3, 0],
      [40, 3, 1],
    ])
    const third = JSON.parse(grid[3].scenario)
    expect(third.link.buffer).toBe(20)
    expect(third.flows[0].count).toBe(3)
    expect(third.seed).toBe(8)
    expect(JSON.parse(grid[2].scenario).seed).toBe(7)
  })
  it('groups each point’s runs into one cell', () => {
    const grid = buildGrid([base, base], 'link.buffer', [20], [], { param: 'flows[*].count', values: [1, 3] }, 3)
    const cells = cellsOf(grid)
    expect(cells.map((c) => [c.side, c.x, c.y])).toEqual([
      [0, 20, 1],
      [1, 20, 1],
      [0, 20, 3],
      [1, 20, 3],
    ])
    expect(cells[1].runs).toEqual([3, 4, 5])
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
