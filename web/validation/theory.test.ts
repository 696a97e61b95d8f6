// The theory rows' formulas and verdicts: the same vectors as engine-wasm/tests/theory.rs, so the page and
// `cargo test` compute the same model values and reach the same verdicts.
import { describe, expect, it } from 'vitest'
import {
  bbrLoss,
  cubicEq5,
  cubicRfc8312,
  expected,
  judgeTheory,
  loadTheory,
  mathis,
  oursFrom,
  padhye,
  relativeDiff,
  renoRfc8312,
  rfc9332Ratio,
  SCALABLE_ONCE_PER_ROUND,
  ware2019,
} from './theory'

describe('theory formulas', () => {
  it('give RFC 8312 Tables 1 and 2 when rounded', () => {
    const table1: [number, number, number][] = [
      [1e-2, 12, 12],
      [1e-3, 38, 38],
      [1e-4, 120, 187],
      [1e-5, 379, 1054],
      [1e-6, 1200, 5926],
      [1e-7, 3795, 33325],
      [1e-8, 12000, 187400],
    ]
    for (const [p, reno, cubic] of table1) {
      expect(Math.round(renoRfc8312(p))).toBe(reno)
      expect(Math.round(cubicRfc8312(p, 0.1))).toBe(cubic)
    }
    const table2: [number, number][] = [
      [1e-2, 12],
      [1e-3, 38],
      [1e-4, 120],
      [1e-5, 379],
      [1e-6, 1200],
      [1e-7, 5926],
    ]
    for (const [p, cubic] of table2) expect(Math.round(cubicRfc8312(p, 0.01))).toBe(cubic)
    expect(Math.round(cubicEq5(1, 1) * 1000)).toBe(1054)
  })

  it("give Mathis's constants √(3/2) and √(3/4)", () => {
    expect(mathis(1, 1)).toBeCloseTo(Math.sqrt(1.5), 12)
    expect(mathis(1, 2)).toBeCloseTo(Math.sqrt(0.75), 12)
    expect(mathis(1e-4, 1)).toBeCloseTo(122.474, 3)
  })

  it('give Padhye’s send rate, and Mathis’s without timeouts', () => {
    expect(padhye(0.01, 0.1, 1, 0.2)).toBeCloseTo(117.184, 3)
    expect(padhye(1e-4, 0.1, 1, 0)).toBeCloseTo(mathis(1e-4, 1) / 0.1, 9)
  })

  it('give BBR’s goodput under random loss and Ware et al.’s share', () => {
    expect(bbrLoss(0.01, 10)).toBeCloseTo(9.9, 12)
    // By hand, X = 2, l = 40 ms, 10 Mbit/s of 1500-byte packets: c = 833.3/s, q = 66.7, p = 1/2 − 1/4 − 4/q = 0.19,
    // ProbeRTT costs (0.08 + 0.2 + 0.04)/10 = 0.032: 0.81·0.968·10 = 7.8408 Mbit/s.
    expect(ware2019(2, 0.04, 10)).toBeCloseTo(7.8408, 4)
    // A buffer too small for the loss-based flows to hold any: p = 0, BBR's share is all but ProbeRTT's cost.
    expect(ware2019(1, 0.04, 10)).toBeCloseTo((1 - (0.04 + 0.2 + 0.04) / 10) * 10, 9)
  })

  it('give RFC 9332’s coupled rate ratio, fluid and with one cut per round trip', () => {
    // By hand, k = 2, R = 20 ms, target 15 ms: 2/2.44 = 0.81967 × 35/20 = 1.43443; (1 + √3)/2.44 × 1.75 = 1.95946.
    expect(rfc9332Ratio(2, 2, 0.02, 0.015)).toBeCloseTo(1.434426, 6)
    expect(rfc9332Ratio(SCALABLE_ONCE_PER_ROUND, 2, 0.02, 0.015)).toBeCloseTo(1.959463, 6)
    // k = 2/1.22 equalises the fluid windows; the ratio goes as 1/k.
    expect(rfc9332Ratio(2, 2 / 1.22, 1, 0)).toBeCloseTo(1, 12)
    expect(rfc9332Ratio(2, 1, 0.02, 0.015) / rfc9332Ratio(2, 4, 0.02, 0.015)).toBeCloseTo(4, 12)
    // 1 + √3 solves p·W/2 = 1 + 1/(p·W).
    expect(SCALABLE_ONCE_PER_ROUND / 2 - 1 - 1 / SCALABLE_ONCE_PER_ROUND).toBeCloseTo(0, 12)
  })
})

describe('theory cases', () => {
  const { cases, malformed } = loadTheory()

  it('are all well formed, each published number its formula rounded', () => {
    expect(malformed).toEqual([])
    expect(cases.length).toBeGreaterThanOrEqual(14)
    for (const c of cases) if (c.published !== null) expect(Math.round(expected(c)), c.id).toBe(c.published)
  })

  it('run the model’s loss pattern at its p and RTT', () => {
    // The PI suite, Ware et al. and DCTCP lose (or mark) packets at the queue only (no link loss).
    const queueOnly = ['pi_qref', 'ware2019', 'dctcp_k', 'rfc9332_fluid', 'rfc9332_cut']
    for (const c of cases.filter((x) => !queueOnly.includes(x.model))) {
      const link = c.scenario.link as { loss_rate: number; loss_pattern: string }
      const flow = (c.scenario.flows as { rtt_ms: number[] }[])[0]
      const pattern = c.model === 'padhye' || c.model === 'bbr_loss' ? 'random' : 'periodic'
      expect([link.loss_rate, link.loss_pattern, flow.rtt_ms], c.id).toEqual([
        c.p,
        pattern,
        [c.rtt_s * 1000, c.rtt_s * 1000],
      ])
    }
    for (const c of cases.filter((x) => queueOnly.includes(x.model))) {
      expect((c.scenario.link as { loss_rate?: number }).loss_rate ?? 0, c.id).toBe(0)
    }
  })

  it('make a count over the window a rate', () => {
    const c = cases.find((x) => x.per_second === true)
    expect(c).toBeDefined()
    if (c !== undefined)
      expect(oursFrom(c, 60_000)).toBe(60_000 / ((c.scenario.duration as number) - (c.scenario.warmup as number)))
    expect(oursFrom(cases[0], 37.5)).toBe(37.5)
  })

  it('make a two-flow case the ratio of its two paths', () => {
    const coupled = cases.filter((x) => x.model === 'rfc9332_fluid' || x.model === 'rfc9332_cut')
    expect(coupled.map((c) => c.coupling_k).sort()).toEqual([1, 2, 2, 4])
    for (const c of coupled) {
      expect([c.metric, c.divided_by, c.unit], c.id).toEqual(['flows.0.goodput_mbps', 'flows.1.goodput_mbps', 'ratio'])
      expect((c.scenario.aqm as { kind: string; k: number }).k, c.id).toBe(c.coupling_k)
      expect(oursFrom(c, 26.98, 13.02)).toBeCloseTo(26.98 / 13.02, 12)
    }
    // Without its divisor a ratio case is not a number, and a case without divided_by ignores one.
    expect(oursFrom(coupled[0], 26.98)).toBeNaN()
    expect(oursFrom(cases[0], 37.5, 2)).toBe(37.5)
    // A ratio case must name its divisor.
    const noDivisor: Partial<(typeof coupled)[0]> = { ...coupled[0] }
    delete noDivisor.divided_by
    expect(loadTheory({ cases: [noDivisor] }).malformed).toEqual([coupled[0].id])
  })

  it('name a malformed entry and keep the rest', () => {
    const r = loadTheory({ cases: [{ id: 'broken' }, cases[0]] })
    expect(r.malformed).toEqual(['broken'])
    expect(r.cases).toHaveLength(1)
  })
})

describe('theory verdicts', () => {
  it('agree within the tolerance, hold a recorded miss within half of it, and flag a change', () => {
    const agree = { tolerance: 0.05, expect: 'agree' as const }
    expect(judgeTheory(agree, relativeDiff(38.9, 37.95))).toBe('agree')
    expect(judgeTheory(agree, relativeDiff(35.9, 37.95))).toBe('miss')
    expect(judgeTheory(agree, Number.NaN)).toBe('miss')
    const recorded = { tolerance: 0.05, expect: { measured_diff: -0.09, reason: 'small_window' } }
    expect(judgeTheory(recorded, -0.08)).toBe('known_miss')
    expect(judgeTheory(recorded, -0.12)).toBe('miss_moved')
    expect(judgeTheory(recorded, 0)).toBe('miss_moved')
  })
})
