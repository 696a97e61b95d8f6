// When the engine refuses a scenario for a cross-field reason, the nearest one it accepts is found from
// its typed problem: clamp into the range it gives, or reset the AQM parameter it names.
import { readFileSync } from 'node:fs'
import { beforeAll, describe, expect, it } from 'vitest'
import { initSync, validate_scenario } from '../engine/pkg/aqm_engine.js'
import { repairWithEngine } from './engineRepair'
import { defaultScenario, expand, isObject, schema, type JsonObject } from './model'

const full = (s: JsonObject): JsonObject => {
  const v = expand(schema, s)
  return isObject(v) ? v : {}
}

beforeAll(() => {
  initSync({ module: readFileSync(new URL('../engine/pkg/aqm_engine_bg.wasm', import.meta.url)) })
})

describe('repairWithEngine', () => {
  it('leaves a scenario the engine accepts as it is', () => {
    const s = full({ seed: 3, aqm: { kind: 'red', max_th: 30 } })
    expect(repairWithEngine(s, validate_scenario)).toEqual({ scenario: s, problems: [] })
  })

  it('raises an RTT below twice the link delay to the least the engine allows', () => {
    const r = repairWithEngine(full({ link: { delay_ms: 30 }, flows: [{ rtt_ms: [20, 100] }] }), validate_scenario)
    expect(r.problems[0].engine).toMatchObject({
      kind: 'out_of_range',
      field: 'flows[0].rtt_ms[0]',
      lo: 60,
      hi: 60000,
      unit: 'ms',
      got: 20,
      other: 'link.delay_ms',
      rule: 'twice',
    })
    expect(r.scenario.flows).toEqual(full({ flows: [{ rtt_ms: [60, 100] }] }).flows)
  })

  it("resets the AQM parameter the engine's message names", () => {
    const r = repairWithEngine(full({ aqm: { kind: 'red', min_th: 20, max_th: 15 } }), validate_scenario)
    expect(r.problems.map((p) => p.engine)).toMatchObject([
      { kind: 'order', field: 'aqm.min_th', other: 'aqm.max_th', got: 20, hi: 15 },
    ])
    expect(r.scenario.aqm).toMatchObject({ kind: 'red', min_th: 5, max_th: 15 })
  })

  it('falls back to the algorithm defaults, then to the default algorithm, then to the defaults', () => {
    const gfr = repairWithEngine(full({ aqm: { kind: 'gfr' } }), validate_scenario)
    expect(gfr.scenario.aqm).toEqual({ kind: 'droptail' })
    const hopeless = repairWithEngine(full({}), () =>
      JSON.stringify({ kind: 'constraint', field: '', message: 'the moon is in the wrong phase' }),
    )
    expect(hopeless.scenario).toEqual(defaultScenario())
    expect(hopeless.problems.map((p) => p.code)).toEqual(['engine', 'unrepairable'])
  })
})
