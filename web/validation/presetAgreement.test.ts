// The badge rule: a preset is vouched for only by cases that ran its own sides, under one profile, and the
// badge counts those cases' recorded verdicts.
import { describe, expect, it } from 'vitest'
import { loadCases, type ValidationCase } from './cases'
import { isCaseOfSide, presetAgreement, recordedAgreement } from './presetAgreement'
import { sideScenario } from '../catalog/patch'
import type { Preset } from '../catalog/types'

const words = { en: 'x', ko: 'x' }
const preset: Preset = {
  id: 'p',
  title: words,
  source: 'classic',
  explanation: words,
  look_for: words,
  paper_result: words,
  base_label: words,
  scenario: { link: { rate_mbps: 10, buffer: 100 }, flows: [{ count: 5, tcp: 'cubic' }], aqm: { kind: 'codel' } },
  compare: [{ label: words, aqm: { kind: 'pie' } }],
}

function fakeCase(
  id: string,
  scenario: object,
  expect: ValidationCase['expect'],
  drops: number,
  side?: number,
): ValidationCase {
  return {
    id,
    scenario: scenario as ValidationCase['scenario'],
    ns3: {
      version: 'x',
      command: 'x',
      metrics: { goodput_mbps: 9, utilisation: 0.9, mean_queue_pkts: 8, mean_delay_ms: 10, drops, jain: 0.9 },
      drops_by_reason: {},
      queue_disc: { type: 'x', attributes: {} },
    },
    expect,
    ...(side !== undefined && { preset: { id: 'p', side } }),
  }
}

const sideCase = (k: number, expect: ValidationCase['expect'] = 'agree', drops = 150, profile = 'ns3') =>
  fakeCase(`p-${k}`, { ...sideScenario(preset, k), profile }, expect, drops, k)

describe('recordedAgreement', () => {
  it('counts compared metrics and those without a recorded gap', () => {
    expect(recordedAgreement(fakeCase('a', {}, 'agree', 159)).agree).toHaveLength(6)
    // Drops under 100 at ns-3 are not compared; a recorded Jain gap leaves 4 of 5.
    const gap = { jain: { measured_diff: 0.1, reason: 'r' } }
    const b = recordedAgreement(fakeCase('b', {}, gap, 40))
    expect([b.agree.length, b.compared.length]).toEqual([4, 5])
    expect(b.agree).not.toContain('jain')
  })
})

describe('presetAgreement', () => {
  it('needs a case of every side, each of exactly that side, under one profile', () => {
    const gap = { jain: { measured_diff: 0.1, reason: 'r' } }
    const a = presetAgreement(preset, [sideCase(0), sideCase(1, gap, 40)])
    expect(a).not.toBeNull()
    expect(a?.profile).toBe('ns3')
    expect([a?.agree, a?.compared]).toEqual([6 + 4, 6 + 5])
    // What agrees on every side: not Jain (a gap on side 1), not drops (too few to compare on side 1).
    expect(a?.agreeEverywhere).toEqual(['goodput_mbps', 'utilisation', 'mean_queue_pkts', 'mean_delay_ms'])
    expect(a?.sides.map((s) => s.caseId)).toEqual(['p-0', 'p-1'])
    // One side without its own case: no badge.
    expect(presetAgreement(preset, [sideCase(0)])).toBeNull()
    // A case of the same discipline and rate that is not this side's scenario vouches for nothing.
    const other = fakeCase('p-1', { ...sideScenario(preset, 1), profile: 'ns3', seed: 9 }, 'agree', 150, 1)
    expect(presetAgreement(preset, [sideCase(0), other])).toBeNull()
    const unnamed = fakeCase('p-1', { ...sideScenario(preset, 1), profile: 'ns3' }, 'agree', 150)
    expect(presetAgreement(preset, [sideCase(0), unnamed])).toBeNull()
    // Sides compared under different profiles: no badge.
    expect(presetAgreement(preset, [sideCase(0), sideCase(1, 'agree', 150, 'linux')])).toBeNull()
  })

  it('gives no preset a badge from the generic cases (they ran no preset side)', () => {
    const { cases } = loadCases()
    expect(cases.length).toBeGreaterThan(10)
    const seed000: Preset = {
      ...preset,
      id: 'seed000-red-ared-qvared',
      scenario: { link: { rate_mbps: 10 }, flows: [{ tcp: 'newreno', count: 30 }], aqm: { kind: 'red' } },
      compare: [],
    }
    expect(presetAgreement(seed000, cases)).toBeNull()
  })
})

describe('the committed preset-side cases', () => {
  it('each hold exactly the side they name, so its preset shows a badge', async () => {
    const { readFileSync } = await import('node:fs')
    const { isPreset } = await import('../catalog/types')
    const { cases } = loadCases()
    const named = cases.filter((c) => c.preset !== undefined)
    for (const c of named) {
      const p: unknown = JSON.parse(
        readFileSync(new URL(`../../public/presets/${c.preset?.id}.json`, import.meta.url), 'utf8'),
      )
      if (!isPreset(p)) throw new Error(`${c.id}: no preset ${c.preset?.id}`)
      expect(isCaseOfSide(c, p, c.preset?.side ?? -1), c.id).toBe(true)
      expect(presetAgreement(p, cases)?.profile, c.id).toBe('ns3')
    }
  })
})
