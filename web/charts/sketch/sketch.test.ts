import { describe, expect, it } from 'vitest'
import { decodePoints, decodeSketches, encodePoints, encodeSketches, normalise, scoreSketch, valueAt } from './sketch'

const samples = (f: (t: number) => number, to: number, dt = 0.5) =>
  Array.from({ length: Math.round(to / dt) + 1 }, (_, i) => [i * dt, f(i * dt)] as const)

describe('sketch points', () => {
  it('normalises: sorted, one point per time, inside bounds', () => {
    expect(
      normalise([
        [5, 10],
        [1, 2],
        [5, 12],
        [-1, 3],
        [2, Number.NaN],
      ]),
    ).toEqual([
      [1, 2],
      [5, 12],
    ])
  })

  it('round-trips through the link form', () => {
    const pts = [
      [0, 0],
      [2.5, 40],
      [10, 33.3],
    ] as const
    expect(encodePoints(pts)).toBe('0:0,2.5:40,10:33.3')
    expect(decodePoints('0:0,2.5:40,10:33.3')).toEqual([
      [0, 0],
      [2.5, 40],
      [10, 33.3],
    ])
    expect(encodePoints([[1.23456, 7.891]])).toBe('1.23:7.9')
  })

  it('refuses anything else (a point twice at one time too; order does not matter)', () => {
    expect(decodePoints('2:1,1:1')).toEqual([
      [1, 1],
      [2, 1],
    ])
    for (const bad of ['', 'x', '1:2:3', '1:-2', '1:2,', '1e3:2', '1:1,1:2', Array(40).fill('1:1').join(',')]) {
      expect(decodePoints(bad), bad).toBeNull()
    }
  })

  it('keeps the lab sketch and lessons sketches side by side, skipping broken entries', () => {
    const sketches = {
      '': [
        [0, 1],
        [5, 2],
      ],
      droptail: [
        [0, 80],
        [30, 90],
      ],
    } satisfies Record<string, Array<[number, number]>>
    const text = encodeSketches(sketches)
    expect(text).toBe('0:1,5:2~droptail!0:80,30:90')
    expect(decodeSketches(text)).toEqual(sketches)
    expect(decodeSketches('BAD ID!0:1,2:3~red!0:1,2:3~red2!nope')).toEqual({
      red: [
        [0, 1],
        [2, 3],
      ],
    })
    expect(decodeSketches(null)).toEqual({})
  })

  it('interpolates between points', () => {
    const pts = [
      [0, 0],
      [10, 100],
    ] as const
    expect(valueAt(pts, 2.5)).toBe(25)
    expect(valueAt(pts, 10)).toBe(100)
    expect(valueAt(pts, 11)).toBeNaN()
  })
})

/** The score of a straight sketch from (0 s, `from`) to (10 s, `to`) against a run at `q` for `until` s. */
const straight = (from: number, to: number, q: number, until: number) =>
  scoreSketch(
    [
      [0, from],
      [10, to],
    ],
    samples(() => q, until),
  )

describe('sketch score: area between the curves over span × peak', () => {
  it('is 100 for a perfect prediction', () => {
    const s = straight(20, 20, 20, 10)
    expect(s).toEqual({ area: 0, score: 100, from: 0, to: 10 })
  })

  it('predicting 10 for a queue of 20 misses half the area', () => {
    // |10 − 20| × 10 s = 100; span × peak = 10 × 20 = 200 → 0.5.
    expect(straight(10, 10, 20, 10)?.area).toBeCloseTo(0.5, 12)
    expect(straight(10, 10, 20, 10)?.score).toBe(50)
  })

  it('an empty queue predicted full scores 0', () => {
    expect(straight(50, 50, 0, 10)?.score).toBe(0)
  })

  it('a ramp against a constant: the triangles between them', () => {
    // Sketch 0 → 40 over 10 s against a steady 20: two triangles of 10 × 5 s each = 100 (the trapezoid rule is
    // exact here: the crossing at t = 5 is a sample). Peak 40, span 10 → 100 / 400 = 0.25.
    const s = straight(0, 40, 20, 10)
    expect(s?.area).toBeCloseTo(0.25, 12)
    expect(s?.score).toBe(75)
  })

  it('compares only where both exist; needs two points and two samples', () => {
    // The run has samples up to 4 s only: compared on [0, 4].
    const s = straight(10, 10, 10, 4)
    expect(s).toEqual({ area: 0, score: 100, from: 0, to: 4 })
    expect(
      scoreSketch(
        [[0, 10]],
        samples(() => 10, 4),
      ),
    ).toBeNull()
    expect(
      scoreSketch(
        [
          [20, 10],
          [30, 10],
        ],
        samples(() => 10, 4),
      ),
    ).toBeNull()
  })
})
