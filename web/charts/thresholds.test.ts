import { describe, expect, it } from 'vitest'
import type { AlgorithmInfo, ParamSchema } from '../engine/protocol'
import {
  clampDrag,
  curveParams,
  delayTargets,
  dragBounds,
  queueLevels,
  resolutionFor,
  targetBand,
  type DragParam,
} from './thresholds'

const schema = (name: string, unit: string, extra: Partial<ParamSchema> = {}): ParamSchema => ({
  name,
  label: name.replace('_', ' '),
  unit,
  min: 0,
  max: 1e8,
  default: 1,
  step: 0,
  integer: false,
  boolean: false,
  help: '',
  ...extra,
})
const algo = (kind: string, params: ParamSchema[]): AlgorithmInfo => ({
  kind,
  label: kind.toUpperCase(),
  citation: '',
  summary: '',
  params,
})

// Levels, probabilities and targets as the engine declares them (engine params::ParamSpec).
const level = { role: 'queue_level', range_follows: 'buffer', handle: true } as const
const red = algo('red', [
  schema('min_th', 'queue unit', { ...level, below: 'max_th' }),
  schema('max_th', 'queue unit', level),
  schema('max_p', '', { max: 1, role: 'probability', at: 'max_th', handle: true }),
  schema('w_q', '', { role: 'weight' }),
  schema('gentle', '', { boolean: true, role: 'switch' }),
])
const redAqm = { kind: 'red', min_th: 5, max_th: 15, max_p: 0.02, w_q: 0.002, gentle: false }
const param = (info: AlgorithmInfo, aqm: Record<string, unknown>, name: string): DragParam => {
  const s = info.params.find((p) => p.name === name)
  if (!s || typeof aqm[name] !== 'number') throw new Error(name)
  return { name, label: s.label, value: Number(aqm[name]), schema: s, siblings: info.params }
}

describe('draggable parameters', () => {
  it('puts the queue levels of the running algorithm on the queue chart, in its unit', () => {
    expect(queueLevels(red, redAqm, 'packets', 'packets').map((p) => [p.name, p.value])).toEqual([
      ['min_th', 5],
      ['max_th', 15],
    ])
    expect(queueLevels(red, redAqm, 'bytes', 'bytes').map((p) => p.name)).toEqual(['min_th', 'max_th'])
    expect(queueLevels(red, redAqm, 'bytes', 'packets')).toEqual([])
    const ared = algo('ared', [schema('min_th', 'packets', level), schema('max_th', 'packets', level)])
    expect(queueLevels(ared, { kind: 'ared', min_th: 5, max_th: 15 }, 'packets', 'packets')).toHaveLength(2)
    // Other algorithm's config; a level without a handle (WRED's other classes); a count in packets; a
    // per-flow cap: not drawn, whatever their names.
    expect(queueLevels(red, { kind: 'droptail' }, 'packets', 'packets')).toEqual([])
    const wred = algo('wred', [
      schema('lo', 'packets', level),
      schema('hidden', 'packets', { ...level, handle: false }),
      schema('batch', 'packets', { role: 'count' }),
      schema('cap', 'packets', { role: 'flow_level', range_follows: 'buffer' }),
    ])
    const wredAqm = { kind: 'wred', lo: 11, hidden: 9, batch: 64, cap: 6 }
    expect(queueLevels(wred, wredAqm, 'packets', 'packets').map((p) => p.name)).toEqual(['lo'])
    // A level named like nothing RED knows is still a level.
    const named = algo('x', [schema('zz', 'queue unit', level)])
    expect(queueLevels(named, { kind: 'x', zz: 3 }, 'packets', 'packets').map((p) => p.name)).toEqual(['zz'])
  })

  it('edits RED on its curve: min_th and max_th along the queue, max_p at max_th', () => {
    const c = curveParams(red, redAqm)
    expect(c.levels.map((p) => p.name)).toEqual(['min_th', 'max_th'])
    expect(c.probability?.param.name).toBe('max_p')
    expect(c.probability?.at.value).toBe(15)
    // ARED adapts max_p: its parameter is only the start, so it gets no handle on the live curve.
    const ared = algo(
      'ared',
      red.params.map((p) => (p.name === 'max_p' ? { ...p, adapts: true, handle: false } : p)),
    )
    expect(curveParams(ared, { ...redAqm, kind: 'ared' }).probability).toBeNull()
    expect(curveParams(ared, { ...redAqm, kind: 'ared' }).levels).toHaveLength(2)
    // A level ordered with no other (PI's q_ref) is not an end of a ramp.
    const pi = algo('pi', [schema('q_ref', 'queue unit', level)])
    expect(curveParams(pi, { kind: 'pi', q_ref: 50 })).toEqual({ levels: [], probability: null })
    expect(curveParams(red, null)).toEqual({ levels: [], probability: null })
  })

  it('finds delay targets in milliseconds for CoDel and PIE', () => {
    const codel = algo('codel', [
      schema('target', 'ms', { role: 'delay_target', handle: true, below: 'interval' }),
      schema('interval', 'ms', { role: 'period' }),
    ])
    expect(delayTargets(codel, { kind: 'codel', target: 5, interval: 100 }).map((p) => p.value)).toEqual([5])
    expect(delayTargets(red, redAqm)).toEqual([])
  })

  it('clamps a dragged threshold before sending: min_th stays below max_th, max_th inside the buffer', () => {
    const minTh = param(red, redAqm, 'min_th')
    const maxTh = param(red, redAqm, 'max_th')
    const b = dragBounds(minTh, redAqm, 1, 100)
    expect(b).toEqual({ lo: 0, hi: 14 })
    expect(clampDrag(22.4, b, 1, false)).toBe(14) // dragged past max_th: stops one step below
    expect(clampDrag(-3, b, 1, false)).toBe(0)
    expect(clampDrag(7.6, b, 1, false)).toBe(8)
    const bm = dragBounds(maxTh, redAqm, 1, 100)
    expect(bm).toEqual({ lo: 6, hi: 100 })
    expect(clampDrag(2, bm, 1, false)).toBe(6)
    expect(clampDrag(250, bm, 1, false)).toBe(100)
    expect(clampDrag(250, dragBounds(maxTh, redAqm, 1, null), 1, false)).toBe(250)
  })

  it('keeps probabilities in (0, 1] and CoDel target below interval', () => {
    const maxP = param(red, redAqm, 'max_p')
    const b = dragBounds(maxP, redAqm, 0.001, null)
    expect(clampDrag(0, b, 0.001, false)).toBe(0.001)
    expect(clampDrag(1.7, b, 0.001, false)).toBe(1)
    expect(clampDrag(0.02149, b, 0.001, false)).toBe(0.021)
    const codel = algo('codel', [
      schema('target', 'ms', { min: 0.1, max: 1000, role: 'delay_target', handle: true, below: 'interval' }),
      schema('interval', 'ms', { min: 1, max: 10000, role: 'period' }),
    ])
    const aqm = { kind: 'codel', target: 5, interval: 100 }
    expect(dragBounds(param(codel, aqm, 'target'), aqm, 0.5, null)).toEqual({ lo: 0.1, hi: 99.5 })
  })

  it('rounds whole-number parameters to integers', () => {
    expect(clampDrag(6.6, { lo: 1, hi: 10 }, 0.5, true)).toBe(7)
  })

  it('drags in whole packets, round byte steps and fine probability steps', () => {
    expect(resolutionFor('packets', 110, 15)).toBe(1)
    expect(resolutionFor('packets', 6, 2)).toBe(0.5)
    expect(resolutionFor('bytes', 150_000, 125_000)).toBe(1000)
    expect(resolutionFor('', 1, 0.02)).toBe(0.001)
    expect(resolutionFor('', 1, 0.3)).toBe(0.01)
  })
})

describe('target band on the queue chart', () => {
  const banded = (kind: string, band: AlgorithmInfo['band']): AlgorithmInfo => ({ ...algo(kind, []), band })
  it("shades ARED's band from its state", () => {
    expect(targetBand(banded('ared', 'average'), { kind: 'ared' }, { band_lo: 9, band_hi: 11 })).toEqual({
      lo: 9,
      hi: 11,
      kind: 'band',
    })
  })
  it("shades up to PI's reference queue", () => {
    expect(targetBand(banded('pi', 'reference'), { kind: 'pi' }, { band_lo: 0, band_hi: 50 })).toEqual({
      lo: 0,
      hi: 50,
      kind: 'ref',
    })
    expect(targetBand(banded('pi', 'reference'), { kind: 'pi' }, { band_lo: 0, band_hi: 0 })).toBeNull()
  })
  it('shows a delay target as the queue the engine says drains in it, with the target in ms', () => {
    const band = { band_lo: 0, band_hi: 6.25, band_ms: 5 }
    expect(targetBand(banded('codel', 'delay'), { kind: 'codel' }, band)).toEqual({
      lo: 0,
      hi: 6.25,
      kind: 'delay',
      ms: 5,
    })
  })
  it('has none without a declared band, or for another algorithm', () => {
    expect(targetBand(red, redAqm, { band_lo: 0, band_hi: 3 })).toBeNull()
    expect(targetBand(banded('ared', 'average'), redAqm, { band_lo: 9, band_hi: 11 })).toBeNull()
    expect(targetBand(banded('ared', 'average'), null, {})).toBeNull()
  })
})
