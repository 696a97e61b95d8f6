import { describe, expect, it } from 'vitest'
import type { AlgorithmInfo, ParamSchema } from '../engine/protocol'
import {
  bufferInUnit,
  clampDrag,
  curveParams,
  delayTargets,
  dragBounds,
  queueForDelay,
  queueLevels,
  resolutionFor,
  targetBand,
  type DragParam,
} from './thresholds'

const schema = (name: string, unit: string, extra: Partial<ParamSchema> = {}): ParamSchema => ({
  name, label: name.replace('_', ' '), unit, min: 0, max: 1e8, default: 1, step: 0, integer: false, boolean: false, help: '', ...extra,
})
const algo = (kind: string, params: ParamSchema[]): AlgorithmInfo => ({ kind, label: kind.toUpperCase(), citation: '', summary: '', params })

const red = algo('red', [
  schema('min_th', 'queue unit'), schema('max_th', 'queue unit'), schema('max_p', '', { max: 1 }),
  schema('w_q', ''), schema('gentle', '', { boolean: true }),
])
const redAqm = { kind: 'red', min_th: 5, max_th: 15, max_p: 0.02, w_q: 0.002, gentle: false }
const param = (info: AlgorithmInfo, aqm: Record<string, unknown>, name: string): DragParam => {
  const s = info.params.find((p) => p.name === name)
  if (!s || typeof aqm[name] !== 'number') throw new Error(name)
  return { name, label: s.label, value: Number(aqm[name]), schema: s }
}

describe('draggable parameters', () => {
  it('puts the queue levels of the running algorithm on the queue chart, in its unit', () => {
    expect(queueLevels(red, redAqm, 'packets', 'packets').map((p) => [p.name, p.value])).toEqual([['min_th', 5], ['max_th', 15]])
    expect(queueLevels(red, redAqm, 'bytes', 'bytes').map((p) => p.name)).toEqual(['min_th', 'max_th'])
    expect(queueLevels(red, redAqm, 'bytes', 'packets')).toEqual([])
    const ared = algo('ared', [schema('min_th', 'pkts'), schema('max_th', 'pkts')])
    expect(queueLevels(ared, { kind: 'ared', min_th: 5, max_th: 15 }, 'packets', 'packets')).toHaveLength(2)
    // Other algorithm's config, a per-flow threshold, WRED's other classes: not drawn.
    expect(queueLevels(red, { kind: 'droptail' }, 'packets', 'packets')).toEqual([])
    const wred = algo('wred', [schema('min_th_0', 'pkts'), schema('min_th_1', 'pkts'), schema('drop_batch', 'pkts')])
    expect(queueLevels(wred, { kind: 'wred', min_th_0: 11, min_th_1: 9, drop_batch: 64 }, 'packets', 'packets').map((p) => p.name)).toEqual(['min_th_0'])
  })

  it('edits RED on its curve: min_th and max_th along the queue, max_p at max_th', () => {
    const c = curveParams(red, redAqm)
    expect(c.levels.map((p) => p.name)).toEqual(['min_th', 'max_th'])
    expect(c.probability?.param.name).toBe('max_p')
    expect(c.probability?.at.value).toBe(15)
    // ARED adapts max_p: its parameter is only the start, so it gets no handle on the live curve.
    const ared = algo('ared', red.params)
    expect(curveParams(ared, { ...redAqm, kind: 'ared' }).probability).toBeNull()
    expect(curveParams(red, null)).toEqual({ levels: [], probability: null })
  })

  it('finds delay targets in milliseconds for CoDel and PIE', () => {
    const codel = algo('codel', [schema('target', 'ms'), schema('interval', 'ms')])
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
    const codel = algo('codel', [schema('target', 'ms', { min: 0.1, max: 1000 }), schema('interval', 'ms', { min: 1, max: 10000 })])
    const aqm = { kind: 'codel', target: 5, interval: 100 }
    expect(dragBounds(param(codel, aqm, 'target'), aqm, 0.5, null)).toEqual({ lo: 0.1, hi: 99.5 })
  })

  it('rounds whole-number parameters to integers', () => {
    expect(clampDrag(6.6, { lo: 1, hi: 10 }, 0.5, true)).toBe(7)
  })

  it('drags in whole packets, round byte steps and fine probability steps', () => {
    expect(resolutionFor('packets', 110, 15)).toBe(1)
    expect(resolutionFor('pkts', 6, 2)).toBe(0.5)
    expect(resolutionFor('bytes', 150_000, 125_000)).toBe(1000)
    expect(resolutionFor('', 1, 0.02)).toBe(0.001)
    expect(resolutionFor('', 1, 0.3)).toBe(0.01)
  })
})

describe('target band on the queue chart', () => {
  const link = { rateMbps: 10, meanPktSize: 1000 }
  it("shades ARED's band from its state", () => {
    expect(targetBand({ kind: 'ared' }, { band_lo: 9, band_hi: 11 }, link, 'packets')).toEqual({ lo: 9, hi: 11, kind: 'band' })
  })
  it("shades up to PI's reference queue", () => {
    expect(targetBand({ kind: 'pi', q_ref: 50 }, {}, link, 'packets')).toEqual({ lo: 0, hi: 50, kind: 'ref' })
  })
  it('turns a CoDel or PIE delay target into the queue that drains in that time', () => {
    // 5 ms at 10 Mbit/s = 6250 bytes = 6.25 packets of 1000 bytes.
    expect(queueForDelay(5, link, 'packets')).toBeCloseTo(6.25, 12)
    expect(queueForDelay(5, link, 'bytes')).toBeCloseTo(6250, 9)
    expect(targetBand({ kind: 'codel', target: 5 }, {}, link, 'packets')).toEqual({ lo: 0, hi: 6.25, kind: 'delay', ms: 5 })
    expect(targetBand({ kind: 'pie', qdelay_ref: 15 }, {}, link, 'packets')?.hi).toBeCloseTo(18.75, 12)
    expect(targetBand({ kind: 'codel', target: 5 }, {}, null, 'packets')).toBeNull()
  })
  it('has none for RED or drop-tail', () => {
    expect(targetBand(redAqm, { avg: 3 }, link, 'packets')).toBeNull()
    expect(targetBand(null, {}, link, 'packets')).toBeNull()
  })
  it('converts the buffer to the chart unit', () => {
    expect(bufferInUnit(100, 'packets', 'packets', 1000)).toBe(100)
    expect(bufferInUnit(100, 'packets', 'bytes', 1000)).toBe(100_000)
    expect(bufferInUnit(150_000, 'bytes', 'packets', 1500)).toBe(100)
    expect(bufferInUnit(100, 'packets', 'bytes', null)).toBeNull()
  })
})
