import { describe, expect, it } from 'vitest'
import { SketchStore, withSketchParam } from './sketchStore'

describe('the sketch store', () => {
  it('draws, locks (a sketch of fewer than two points is dropped), clears', () => {
    const s = new SketchStore({ initial: {}, writeUrl: false })
    s.start('')
    s.setPoints('', [
      [5, 10],
      [0, 0],
    ])
    expect(s.getSnapshot()).toEqual({
      sketches: {
        '': [
          [0, 0],
          [5, 10],
        ],
      },
      editing: '',
    })
    s.lock()
    expect(s.getSnapshot().editing).toBeNull()
    // Locked: further points are ignored.
    s.setPoints('', [
      [0, 1],
      [1, 1],
    ])
    expect(s.points('')).toEqual([
      [0, 0],
      [5, 10],
    ])
    s.start('red')
    s.setPoints('red', [[1, 1]])
    s.lock()
    expect(s.getSnapshot().sketches).toEqual({
      '': [
        [0, 0],
        [5, 10],
      ],
    })
    s.clear('')
    expect(s.getSnapshot().sketches).toEqual({})
  })

  it('writes the sketch key beside the others', () => {
    expect(withSketchParam('http://h/p/?v=1&aqm=red#x', '0:1,2:3')).toBe(
      'http://h/p/?v=1&aqm=red&sketch=0%3A1%2C2%3A3#x',
    )
    expect(withSketchParam('http://h/?v=1&sketch=0:1,2:3', '')).toBe('http://h/?v=1')
  })
})
