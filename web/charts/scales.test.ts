import { describe, expect, it } from 'vitest'
import { decimate, packetThresholds, queueDomainMax, timeWindow } from './scales'
import type { AlgorithmInfo } from '../engine/protocol'

describe('chart scale helpers', () => {
  it('slides a fixed-width time window that never starts before 0', () => {
    expect(timeWindow(3, 20)).toEqual([0, 20])
    expect(timeWindow(50, 20)).toEqual([30, 50])
  })

  it('makes room for data and reference lines with a nice upper bound', () => {
    expect(queueDomainMax(42, [])).toBe(45)
    expect(queueDomainMax(3, [100])).toBe(110)
    expect(queueDomainMax(0, [])).toBeGreaterThanOrEqual(10)
    expect(queueDomainMax(NaN, [NaN, 20])).toBeGreaterThanOrEqual(21)
  })

  it('draws packet-valued parameters of the running algorithm as thresholds', () => {
    const param = (name: string, unit: string, boolean = false) => ({
      name, label: name.toUpperCase(), unit, min: 0, max: 100, default: 1, step: 1, integer: false, boolean, help: '',
    })
    const red: AlgorithmInfo = {
      kind: 'red', label: 'RED', citation: '', summary: '',
      params: [param('min_th', 'queue unit'), param('max_th', 'packets'), param('max_p', ''), param('gentle', 'packets', true)],
    }
    const aqm = { kind: 'red', min_th: 5, max_th: 15, max_p: 0.1, gentle: true }
    expect(packetThresholds(red, aqm, 'packets')).toEqual([
      { name: 'min_th', label: 'MIN_TH', value: 5 },
      { name: 'max_th', label: 'MAX_TH', value: 15 },
    ])
    // In byte mode "queue unit" means bytes: not drawn on a chart in packets.
    expect(packetThresholds(red, aqm, 'bytes').map((t) => t.name)).toEqual(['max_th'])
    expect(packetThresholds(red, { kind: 'droptail' }, 'packets')).toEqual([])
    expect(packetThresholds(undefined, null, 'packets')).toEqual([])
  })

  it('decimates to about maxPoints rows and always keeps the last row', () => {
    expect(decimate(0, 5, 100)).toEqual([0, 1, 2, 3, 4])
    const d = decimate(10, 1010, 100)
    expect(d.length).toBeLessThanOrEqual(101)
    expect(d[0]).toBe(10)
    expect(d[d.length - 1]).toBe(1009)
    expect(decimate(3, 3, 10)).toEqual([])
  })
})
