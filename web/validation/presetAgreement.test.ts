import { describe, expect, it } from 'vitest'
import { loadCases } from './cases'
import { caseForScenario, presetAgreement, recordedAgreement } from './presetAgreement'
import type { ValidationCase } from './cases'

const { cases } = loadCases()
const byId = (id: string) => cases.find((c) => c.id === id) as ValidationCase

function fakeCase(id: string, expect: ValidationCase['expect'], drops: number): ValidationCase {
  return {
    id,
    scenario: { aqm: { kind: 'red' }, link: { rate_mbps: 10 }, flows: [{ tcp: 'newreno', count: 10 }] },
    ns3: {
      version: 'x',
      command: 'x',
      metrics: { goodput_mbps: 9, utilisation: 0.9, mean_queue_pkts: 8, mean_delay_ms: 10, drops, jain: 0.9 },
      drops_by_reason: {},
      queue_disc: { type: 'x', attributes: {} },
    },
    expect,
  }
}

describe('recordedAgreement', () => {
  it('counts compared metrics and those without a recorded gap', () => {
    expect(recordedAgreement(fakeCase('a', 'agree', 159))).toEqual({ caseId: 'a', agree: 6, compared: 6 })
    // Drops under 100 at ns-3 are not compared; a recorded Jain gap leaves 4 of 5.
    const gap = { jain: { measured_diff: 0.1, reason: 'r' } }
    expect(recordedAgreement(fakeCase('b', gap, 40))).toEqual({ caseId: 'b', agree: 4, compared: 5 })
  })
})

describe('caseForScenario', () => {
  it('needs the same discipline and rate, then prefers the same TCP, then the nearest flow count', () => {
    const seed000 = { aqm: { kind: 'red' }, link: { rate_mbps: 10 }, flows: [{ tcp: 'newreno', count: 30 }] }
    expect(caseForScenario(seed000, cases)?.id).toBe('red-newreno-10f-10m')
    const vegas = { aqm: { kind: 'red' }, link: { rate_mbps: 10 }, flows: [{ tcp: 'vegas', count: 3 }] }
    expect(caseForScenario(vegas, cases)?.id).toBe('red-vegas-10f-10m')
    // Drop-tail (no aqm object) with Reno at 10 Mbit/s: no Reno case, nearest flow count (8 → 10 flows).
    const droptail = { link: { rate_mbps: 10 }, flows: [{ tcp: 'reno', count: 8 }] }
    expect(caseForScenario(droptail, cases)?.id).toBe('droptail-newreno-10f-10m')
    expect(caseForScenario({ aqm: { kind: 'hred' }, link: { rate_mbps: 32 } }, cases)).toBeNull()
  })

  it('shows the committed verdicts of the matched case', () => {
    const a = presetAgreement({ aqm: { kind: 'red' }, link: { rate_mbps: 10 }, flows: [{ tcp: 'vegas', count: 10 }] }, cases)
    expect(a).toEqual(recordedAgreement(byId('red-vegas-10f-10m')))
    expect(a?.agree).toBeLessThan(a?.compared ?? 0)
  })
})
