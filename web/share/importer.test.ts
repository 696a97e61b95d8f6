// Scenario files: the share dialog's own, presets, trace exports, bare scenarios, links in a text file,
// old versions; and clear problems with the nearest valid scenario for the rest.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { defaultScenario, expand, isObject, schema, type JsonObject } from '../scenario/model'
import { MAX_FILE_BYTES, readScenarioFile } from './importer'

const full = (s: JsonObject): JsonObject => {
  const v = expand(schema, s)
  return isObject(v) ? v : {}
}
const codes = (text: string) => readScenarioFile(text).problems.map((p) => p.code)

describe('readScenarioFile', () => {
  it('reads an exported scenario file, a preset and a bare scenario', () => {
    const scenario = { seed: 4, aqm: { kind: 'red', max_th: 30 } }
    expect(readScenarioFile(JSON.stringify({ format: 'aqm-lab-scenario', scenario }))).toEqual({
      scenario: full(scenario),
      problems: [],
    })
    expect(readScenarioFile(JSON.stringify(scenario)).scenario).toEqual(full(scenario))
    const preset = readFileSync(new URL('../../public/presets/red-vs-droptail.json', import.meta.url), 'utf8')
    const r = readScenarioFile(preset)
    expect(r.problems).toEqual([])
    expect(r.scenario).toMatchObject({ seed: 4, duration: 120 })
  })

  it('reads a link saved as text', () => {
    expect(readScenarioFile('https://lab.example/?v=1&seed=9&aqm=codel\n').scenario).toMatchObject({
      seed: 9,
      aqm: { kind: 'codel' },
    })
  })

  it('migrates a v0 scenario file (the prototype key names)', () => {
    const v0 = {
      version: 0,
      sample_ms: 20,
      bottleneck: { bandwidth_mbps: 5 },
      senders: [{ n: 3, cc: 'cubic' }],
      qdisc: { type: 'fifo' },
    }
    const r = readScenarioFile(JSON.stringify({ scenario: v0 }))
    expect(r.problems).toEqual([])
    expect(r.scenario).toEqual(
      full({ sample_interval: 0.02, link: { rate_mbps: 5 }, flows: [{ count: 3, tcp: 'cubic' }] }),
    )
  })

  it('reads a file without "version" as version 1, as the engine does: AQM times in seconds', () => {
    const v1 = { seed: 2, aqm: { kind: 'ared', interval: 0.25, target_delay: 0.01 } }
    const r = readScenarioFile(JSON.stringify(v1))
    expect(r.problems).toEqual([])
    expect(r.scenario).toEqual(full({ seed: 2, aqm: { kind: 'ared', interval: 250, target_delay: 10 } }))
    // An export says its scenario's version around it; a version 2 scenario is read as it is.
    const v2 = { seed: 2, aqm: { kind: 'ared', interval: 250 } }
    expect(
      readScenarioFile(JSON.stringify({ format: 'aqm-lab-scenario', scenario_version: 2, scenario: v2 })).scenario.aqm,
    ).toEqual(full({ aqm: { kind: 'ared', interval: 250 } }).aqm)
    expect(readScenarioFile(JSON.stringify({ ...v2, version: 2 })).scenario.aqm).toMatchObject({ interval: 250 })
  })

  it('names what is wrong and offers the nearest valid scenario', () => {
    expect(codes('{"flows": [')).toEqual(['not-json'])
    expect(codes('[1, 2]')).toEqual(['not-scenario'])
    expect(codes('{"hello": "world"}')).toEqual(['not-scenario'])
    expect(readScenarioFile('{}', MAX_FILE_BYTES + 1).problems.map((p) => p.code)).toEqual(['file-too-large'])
    const future = readScenarioFile(JSON.stringify({ version: 7, seed: 2, teleport: true }))
    expect(future.problems.map((p) => p.code)).toEqual(['version-future', 'unknown-field'])
    expect(future.scenario).toEqual(full({ seed: 2 }))
    const big = readScenarioFile(JSON.stringify({ flows: [{ count: 1e6 }], aqm: { kind: 'red', max_p: 7 } }))
    expect(big.problems.map((p) => [p.code, p.params])).toEqual([
      ['out-of-range', { field: 'flows[0].count', min: 1, max: 10000, got: '1000000' }],
      ['out-of-range', { field: 'aqm.max_p', min: 0, max: 1, got: '7' }],
    ])
    expect(big.scenario).toMatchObject({ flows: [{ count: 10000 }], aqm: { kind: 'red', max_p: 1 } })
    expect(readScenarioFile('not json at all').scenario).toEqual(defaultScenario())
  })
})
