import { describe, expect, it } from 'vitest'
import { loadCases } from './cases'
import { difference, formatDifference, judge, toleranceBand, VALIDATION_METRICS } from './compare'

const metric = (id: string) => {
  const m = VALIDATION_METRICS.find((x) => x.id === id)
  if (m === undefined) throw new Error(id)
  return m
}

describe('validation verdicts (the same vectors as engine-wasm/tests/validation_ns3.rs)', () => {
  it('compares relatively within the tolerance, drops only from 100 at ns-3', () => {
    const goodput = metric('goodput_mbps')
    expect(difference(goodput, 9.5, 10)).toBeCloseTo(-0.05, 12)
    expect(judge(goodput, difference(goodput, 9.5, 10), null)).toBe('agree')
    expect(judge(goodput, difference(goodput, 9.4, 10), null)).toBe('miss')
    const drops = metric('drops')
    expect(judge(drops, difference(drops, 500, 99), null)).toBe('not_compared')
    expect(difference(drops, 130, 100)).toBeCloseTo(0.3, 12)
    expect(judge(drops, difference(drops, 130, 100), null)).toBe('miss')
  })

  it('holds a recorded gap within half the tolerance and flags one that moved', () => {
    const drops = metric('drops')
    expect(judge(drops, 0.36, 0.3)).toBe('known_gap')
    expect(judge(drops, 0.38, 0.3)).toBe('gap_moved')
    expect(judge(drops, 0, 0.3)).toBe('gap_moved')
  })

  it('compares Jain absolutely and draws the band around ns-3', () => {
    const jain = metric('jain')
    expect(difference(jain, 0.95, 0.99)).toBeCloseTo(-0.04, 12)
    expect(judge(jain, difference(jain, 0.97, 0.99), null)).toBe('agree')
    expect(toleranceBand(jain, 0.9)).toEqual([0.87, 0.93])
    const [lo, hi] = toleranceBand(metric('mean_queue_pkts'), 20)
    expect(lo).toBeCloseTo(18, 12)
    expect(hi).toBeCloseTo(22, 12)
    expect(formatDifference(metric('utilisation'), -0.0123)).toBe('−1.2 %')
    expect(formatDifference(jain, null)).toBe('–')
  })

  it('bundles every committed case with its ns-3 numbers and rejects a malformed one', () => {
    const { cases, malformed } = loadCases()
    expect(malformed).toEqual([])
    expect(cases.length).toBeGreaterThanOrEqual(16)
    for (const c of cases) {
      expect(c.scenario.profile).toBe('ns3')
      for (const m of VALIDATION_METRICS) expect(c.ns3.metrics).toHaveProperty(m.id)
    }
    expect(loadCases({ 'x/bad.json': { id: 'bad' } }).malformed).toEqual(['bad.json'])
  })
})
