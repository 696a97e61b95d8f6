// apply_profile is what the page's "Behave as" selector calls: the scenario with every field a profile
// (paper, ns2, ns3, linux) controls set to that profile's value. Its output must pass the page's own
// schema check as well as the engine's (docs/profiles.md).
import { readFileSync } from 'node:fs'
import { beforeAll, describe, expect, it } from 'vitest'
import { algorithms, apply_profile, initSync, validate_scenario } from './pkg/aqm_engine.js'
import { parseAlgorithms } from './decode'
import { checkScenario } from '../scenario/validate'

beforeAll(() => {
  initSync({ module: readFileSync(new URL('./pkg/aqm_engine_bg.wasm', import.meta.url)) })
})

describe('apply_profile', () => {
  it('sets the fields the profile controls, overriding written ones, and sets the profile', () => {
    const input = { flows: [{ count: 3, initial_cwnd: 4 }], aqm: { kind: 'pie', burst_holds_p: false } }
    const ns3 = JSON.parse(apply_profile(JSON.stringify(input), 'ns3'))
    expect(ns3.profile).toBe('ns3')
    expect(ns3.flows[0]).toMatchObject({ count: 3, initial_cwnd: 10, sack: true, recovery: 'prr', min_rto_ms: 1000 })
    expect(ns3.aqm).toMatchObject({ kind: 'pie', burst_holds_p: true, mark_ecn_th: 0.1 })
    const paper = JSON.parse(apply_profile(JSON.stringify(ns3), 'paper'))
    expect(paper.profile).toBe('paper')
    expect(paper.flows[0]).toMatchObject({ count: 3, initial_cwnd: 2, sack: false, recovery: 'rfc6582' })
    expect(paper.aqm).toMatchObject({ burst_holds_p: false })
  })

  it('gives scenarios that both the schema and the engine accept, for every profile and algorithm', () => {
    for (const { kind } of parseAlgorithms(algorithms())) {
      // A big byte buffer so that every algorithm's default thresholds fit (HRED's are in bytes); GFR runs on ATM.
      const link = kind === 'gfr' ? { buffer: 100_000, atm: {} } : { buffer: 1_000_000, buffer_unit: 'bytes' }
      const input = JSON.stringify({ link, aqm: { kind } })
      expect(validate_scenario(input), kind).toBe('')
      for (const profile of ['paper', 'ns2', 'ns3', 'linux']) {
        const out = JSON.parse(apply_profile(input, profile))
        expect(checkScenario(out).problems, `${kind} ${profile}`).toEqual([])
        expect(validate_scenario(JSON.stringify(out)), `${kind} ${profile}`).toBe('')
      }
    }
  })

  it('refuses an unknown profile with a message naming the choices', () => {
    expect(() => apply_profile('{}', 'ns4')).toThrow(/profile must be one of paper, ns2, ns3, linux/)
  })
})
