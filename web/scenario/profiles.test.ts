// The page's copy of the profile tables is the engine's (npm run gen:profiles), and fillProfile is the
// engine's fill_absent: the scenario the page builds from a profile's scenario is the one the engine reads.
import { readFileSync } from 'node:fs'
import { beforeAll, describe, expect, it } from 'vitest'
import { Simulation, initSync, profile_tables } from '../engine/pkg/aqm_engine.js'
import committed from './profiles.generated.json'
import { aqmUnderProfile, fillProfile, profileOf } from './profiles'
import type { JsonObject } from './json'

beforeAll(() => {
  initSync({ module: readFileSync(new URL('../engine/pkg/aqm_engine_bg.wasm', import.meta.url)) })
})

describe('profiles', () => {
  it('are the engine tables (run npm run gen:profiles after changing engine-wasm/src/profile.rs)', () => {
    expect(committed).toEqual(JSON.parse(profile_tables()))
  })

  it('fill what a scenario leaves out, as the engine does, and written fields win', () => {
    const s: JsonObject = {
      profile: 'ns3',
      flows: [{ count: 2, initial_cwnd: 4 }, { count: 1 }],
      aqm: { kind: 'red', wait: false },
    }
    const filled = fillProfile(s)
    expect(filled.flows).toMatchObject([
      { initial_cwnd: 4, sack: true },
      { initial_cwnd: 10, sack: true },
    ])
    expect(filled.aqm).toMatchObject({ kind: 'red', wait: false, ns3_rules: true, idle_steps: true, device_queue: 1 })
    // The engine builds the same discipline from the sparse scenario.
    const sim = new Simulation(JSON.stringify(s))
    expect(JSON.parse(sim.aqm())).toMatchObject(filled.aqm as object)
    sim.free()
    // No flows: one default group takes the profile; the papers and an unknown profile change nothing.
    expect(fillProfile({ profile: 'linux' }).flows).toMatchObject([{ rack: true }])
    expect(fillProfile({ aqm: { kind: 'codel' } })).toEqual({ aqm: { kind: 'codel' } })
    expect(fillProfile({ profile: 'ns4', aqm: { kind: 'codel' } })).toEqual({ profile: 'ns4', aqm: { kind: 'codel' } })
    expect(profileOf({ profile: 'ns4' })).toBeNull()
    expect((s.flows as JsonObject[])[1]).toEqual({ count: 1 }) // the input is not changed
  })

  it('set a running discipline to a profile, overriding', () => {
    expect(aqmUnderProfile({ kind: 'codel', target: 5, control_law_newton: false }, 'linux')).toEqual({
      kind: 'codel',
      target: 5,
      control_law_newton: true,
    })
    expect(aqmUnderProfile({ kind: 'droptail' }, 'ns3')).toEqual({ kind: 'droptail' })
  })
})
