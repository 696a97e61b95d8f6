// scenario.schema.json must say what the engine says: the same defaults, the same algorithms and
// parameters with the same ranges, and the same verdict on samples. The committed validator
// (validate.generated.js, ajv standalone code) must match the schema; regenerate it with
//   UPDATE_VALIDATOR=1 npx vitest run web/scenario/schema.test.ts
import { readFileSync, writeFileSync } from 'node:fs'
import Ajv from 'ajv'
import standaloneCode from 'ajv/dist/standalone/index.js'
import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import { Simulation, algorithms, aqm_schema, default_scenario, initSync, validate_scenario } from '../engine/pkg/aqm_engine.js'
import { parseAlgorithms } from '../engine/decode'
import type { AlgorithmInfo } from '../engine/protocol'
import { fullScenario } from './arbitraries'
import { repairWithEngine } from './engineRepair'
import { aqmBranch, aqmDefaults, aqmKinds, clone, defaultScenario, nodeAt, schema, setAt, typeOf, type JsonObject } from './model'
import { checkScenario } from './validate'

function isObjectWith<K extends string>(x: unknown, key: K): x is Record<K, unknown> {
  return typeof x === 'object' && x !== null && key in x
}

const generatedPath = new URL('./validate.generated.js', import.meta.url)

/** ajv's standalone code for the schema: no code generation at run time, so no eval in the page. */
function validatorSource(): string {
  const ajv = new Ajv({ allErrors: true, messages: false, discriminator: true, strict: true, code: { source: true, esm: true } })
  const code = standaloneCode(ajv, ajv.compile(schema))
  return `/* eslint-disable */\n// Generated from scenario.schema.json by schema.test.ts (UPDATE_VALIDATOR=1); do not edit.\n${code}\n`
}

let engine: AlgorithmInfo[]
const engineAccepts = (s: unknown) => validate_scenario(JSON.stringify(s)) === ''
const schemaAccepts = (s: JsonObject) => checkScenario(s).problems.length === 0

beforeAll(() => {
  initSync({ module: readFileSync(new URL('../engine/pkg/aqm_engine_bg.wasm', import.meta.url)) })
  engine = parseAlgorithms(algorithms())
})

describe('the committed validator', () => {
  it('is ajv standalone code of the current schema', () => {
    const source = validatorSource()
    if (process.env.UPDATE_VALIDATOR) writeFileSync(generatedPath, source)
    expect(readFileSync(generatedPath, 'utf8'), 'run UPDATE_VALIDATOR=1 npx vitest run web/scenario/schema.test.ts').toBe(source)
  })
})

describe('the committed schema', () => {
  it("holds the engine's generated aqm schema, as npm run gen:schema writes it", () => {
    const text = readFileSync(new URL('./scenario.schema.json', import.meta.url), 'utf8')
    const committed: unknown = JSON.parse(text)
    const generated: unknown = JSON.parse(aqm_schema())
    expect(isObjectWith(committed, 'definitions') && isObjectWith(committed.definitions, 'aqm') ? committed.definitions.aqm : null, 'run npm run gen:schema').toEqual(generated)
    expect(text, 'run npm run gen:schema').toBe(`${JSON.stringify(committed, null, 2)}\n`)
  })
})

describe('scenario.schema.json against the engine', () => {
  it('has the engine default_scenario() as its defaults', () => {
    expect(defaultScenario()).toEqual(JSON.parse(default_scenario()))
  })

  it('lists exactly the engine algorithms, in picker order', () => {
    expect(aqmKinds).toEqual(engine.map((a) => a.kind))
  })

  it('gives each parameter the engine range, type and default', () => {
    for (const info of engine) {
      const branch = aqmBranch(info.kind)
      for (const p of info.params) {
        const node = branch?.properties?.[p.name]
        expect(node, `${info.kind}.${p.name}`).toBeDefined()
        if (node === undefined) continue
        if (p.boolean) {
          expect(typeOf(node), `${info.kind}.${p.name}`).toEqual(['boolean'])
          expect(node.default, `${info.kind}.${p.name}`).toBe(p.default === 1)
        } else {
          expect([typeOf(node), node.minimum, node.maximum, node.default], `${info.kind}.${p.name}`).toEqual([
            [p.integer ? 'integer' : 'number'],
            p.min,
            p.max,
            p.default,
          ])
        }
      }
    }
  })

  it('has the same full parameter set as the engine writes for each algorithm', () => {
    // A buffer large enough for every default threshold first: on a small buffer a discipline may scale its
    // unit-dependent defaults to fit (HRED), which is not its default.
    const setups = [
      { link: { buffer: 1_000_000 } },
      {},
      { link: { buffer: 1_000_000, buffer_unit: 'bytes' } },
      { link: { buffer: 100_000, atm: {} } },
    ]
    for (const kind of aqmKinds) {
      const written = setups
        .map((setup) => {
          try {
            const sim = new Simulation(JSON.stringify({ ...setup, aqm: { kind } }))
            const aqm: unknown = JSON.parse(sim.aqm())
            sim.free()
            return aqm
          } catch {
            return null
          }
        })
        .find((a) => a !== null)
      expect(written, kind).toEqual(aqmDefaults(kind))
    }
  })

  it('accepts every scenario the engine accepts (random scenarios, repaired until the engine accepts)', () => {
    fc.assert(
      fc.property(fullScenario, (s) => {
        const accepted = repairWithEngine(s, validate_scenario).scenario
        expect(engineAccepts(accepted)).toBe(true)
        expect(checkScenario(accepted).problems).toEqual([])
      }),
      { numRuns: 150 },
    )
  })

  it('rejects, as the engine does, every numeric field just outside its range', () => {
    const base = defaultScenario()
    const fields: Array<(string | number)[]> = [
      ['seed'],
      ['duration'],
      ['sample_interval'],
      ['link', 'rate_mbps'],
      ['link', 'delay_ms'],
      ['link', 'buffer'],
      ['link', 'loss_rate'],
      ['link', 'mean_pkt_size'],
      ['flows', 0, 'count'],
      ['flows', 0, 'access_rate_mbps'],
      ['flows', 0, 'packet_size'],
      ['flows', 0, 'start_s'],
      ['flows', 0, 'start_spread_s'],
      ['flows', 0, 'rwnd'],
      ['flows', 0, 'initial_cwnd'],
      ['flows', 0, 'min_rto_ms'],
      ['flows', 0, 'class'],
    ]
    for (const path of fields) {
      const node = nodeAt(path, base)
      const integer = typeOf(node ?? {}).includes('integer')
      // The buffer's limit depends on its unit (the schema's if/then): packets, the default, up to 1e6.
      const maximum = path.join('.') === 'link.buffer' ? 1_000_000 : node?.maximum
      for (const [bound, step] of [
        [node?.minimum, -1],
        [maximum, 1],
      ] as const) {
        if (bound === undefined || (path[0] === 'seed' && step === 1)) continue
        const s = clone(base)
        setAt(s, path, integer ? bound + step : bound + step * Math.max(Math.abs(bound) * 1e-6, 1e-9))
        expect([path.join('.'), engineAccepts(s)]).toEqual([path.join('.'), false])
        expect([path.join('.'), schemaAccepts(s)]).toEqual([path.join('.'), false])
        setAt(s, path, bound)
        if (path.join('.') !== 'link.delay_ms') expect([path.join('.'), engineAccepts(s)]).toEqual([path.join('.'), true])
        expect([path.join('.'), schemaAccepts(s)]).toEqual([path.join('.'), true])
      }
    }
  })

  it('rejects, as the engine does, unknown fields, wrong types and unknown kinds', () => {
    const samples: JsonObject[] = [
      { speed: 3 },
      { link: { rate: 1 } },
      { link: { atm: { cell_rate_basis: 'frame' } } },
      { link: { reverse: { rate_mbps: 0 } } },
      { flows: [{ count: 1, color: 'red' }] },
      { flows: [] },
      { flows: [{ tcp: 'bbr2' }] },
      { flows: [{ traffic: { kind: 'video' } }] },
      { flows: [{ traffic: { kind: 'cbr' } }] },
      { flows: [{ count: 2.5 }] },
      { flows: [{ rtt_ms: [40] }] },
      { seed: -1 },
      { seed: 'seven' },
      { aqm: { kind: 'red', min_th: 'five' } },
      { aqm: { kind: 'red', colour: 1 } },
      { aqm: { kind: 'bbr' } },
      { aqm: { kind: 'codel', max_packet: 1.5 } },
      { aqm: { kind: 'red', gentle: 1 } },
      { link: { buffer: 2_000_000 } },
      { flows: [{ count: 6000 }, { count: 6000 }] },
    ]
    for (const s of samples) {
      expect([s, engineAccepts(s)]).toEqual([s, false])
      expect([s, schemaAccepts(s)]).toEqual([s, false])
    }
    expect(engineAccepts({ link: { buffer: 2_000_000, buffer_unit: 'bytes' } })).toBe(true)
    expect(schemaAccepts({ link: { buffer: 2_000_000, buffer_unit: 'bytes' } })).toBe(true)
  })
})
