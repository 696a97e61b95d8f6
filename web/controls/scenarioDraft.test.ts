import { readFileSync } from 'node:fs'
import { beforeAll, describe, expect, it } from 'vitest'
import { default_scenario, initSync, validate_scenario } from '../engine/pkg/aqm_engine.js'
import { parseValidation } from '../scenario/engineProblem'
import {
  addFlowGroup,
  applyErrorPlace,
  editorPaths,
  fieldLabelKey,
  removeFlowGroup,
  sameExceptAqm,
  scenarioToApply,
  setBufferUnit,
  setTrafficKind,
  totalFlows,
  unreadableFields,
} from './scenarioDraft'
import { deepFreeze, getAt, parseObject, parsePath, withAt, type JsonObject } from '../scenario/json'
import { declAt } from '../scenario/fields'

let defaults: JsonObject

beforeAll(() => {
  initSync({ module: readFileSync(new URL('../engine/pkg/aqm_engine_bg.wasm', import.meta.url)) })
  const d = parseObject(default_scenario())
  if (d === null) throw new Error('the engine default scenario is not an object')
  defaults = d
})

describe('paths', () => {
  it('are spelled as in the engine messages', () => {
    expect(parsePath('flows[0].rtt_ms[1]')).toEqual(['flows', 0, 'rtt_ms', 1])
    expect(parsePath('link.rate_mbps')).toEqual(['link', 'rate_mbps'])
    expect(() => parsePath('flows[x]')).toThrow()
  })

  it('edit one field and share the rest', () => {
    const next = withAt(defaults, 'flows[0].rtt_ms[1]', 150)
    expect(getAt(next, 'flows[0].rtt_ms')).toEqual([40, 150])
    expect(getAt(defaults, 'flows[0].rtt_ms')).toEqual([40, 100]) // untouched
    expect(next.link).toBe(defaults.link)
  })

  it("edit the store's frozen running scenario by copying only what changes", () => {
    const running = deepFreeze(parseObject(JSON.stringify(defaults)) ?? {})
    const next = withAt(running, 'flows[0].count', 7)
    expect([getAt(next, 'flows[0].count'), getAt(running, 'flows[0].count')]).toEqual([7, 5])
    expect(Object.isFrozen(next)).toBe(false)
    expect(next.link).toBe(running.link)
  })
})

describe('scenario editing', () => {
  it('the engine default scenario is the starting draft and every editor path exists in it', () => {
    expect(totalFlows(defaults)).toBe(5)
    // ATM mode, the reverse path and the slot pattern are off by leaving their object out (a switch adds it)
    const missing = editorPaths(defaults).filter(
      (p) => p !== 'flows' && declAt(p)?.type !== 'object' && getAt(defaults, p) === undefined,
    )
    // the traffic kind is an object field; ftp has no own fields
    expect(missing).toEqual([])
  })

  it('switching traffic kind brings that kind’s fields, and the engine accepts each', () => {
    for (const kind of ['http', 'cbr', 'poisson', 'on_off', 'ftp'] as const) {
      const d = setTrafficKind(defaults, 0, kind)
      expect(getAt(d, 'flows[0].traffic.kind')).toBe(kind)
      expect(validate_scenario(JSON.stringify(d))).toBe('')
    }
    const cbr = withAt(setTrafficKind(defaults, 0, 'cbr'), 'flows[0].traffic.rate_mbps', 3)
    expect(getAt(setTrafficKind(cbr, 0, 'on_off'), 'flows[0].traffic')).toEqual({
      kind: 'on_off',
      rate_mbps: 3,
      on_s: 0.5,
      off_s: 0.5,
    })
  })

  it('changing the buffer unit converts its size with the mean packet size', () => {
    const bytes = setBufferUnit(defaults, 'bytes')
    expect(getAt(bytes, 'link.buffer')).toBe(100_000)
    expect(getAt(setBufferUnit(bytes, 'packets'), 'link.buffer')).toBe(100)
    expect(validate_scenario(JSON.stringify(bytes))).toBe('')
  })

  it('adds a group like the last one and never removes the only group', () => {
    const two = withAt(addFlowGroup(defaults), 'flows[1].tcp', 'vegas')
    expect(totalFlows(two)).toBe(10)
    expect(getAt(two, 'flows[1].tcp')).toBe('vegas')
    expect(validate_scenario(JSON.stringify(two))).toBe('')
    expect(removeFlowGroup(defaults, 0)).toBe(defaults)
    expect(getAt(removeFlowGroup(two, 0), 'flows[0].tcp')).toBe('vegas')
  })

  it('is unchanged after an algorithm switch, and applies with the live algorithm', () => {
    const live = { ...defaults, aqm: { kind: 'red', min_th: 5, max_th: 15 } }
    expect(sameExceptAqm(defaults, live)).toBe(true)
    expect(sameExceptAqm(withAt(defaults, 'seed', 2), live)).toBe(false)
    const applied = parseObject(scenarioToApply(withAt(defaults, 'seed', 2), live))
    expect(applied?.aqm).toEqual({ kind: 'red', min_th: 5, max_th: 15 })
    expect(applied?.seed).toBe(2)
  })
})

describe('field input', () => {
  it('marks fields holding unreadable text so nothing is applied', () => {
    expect(unreadableFields(defaults)).toEqual([])
    expect(unreadableFields(withAt(defaults, 'flows[0].count', Number.NaN))).toEqual(['flows[0].count'])
  })
})

describe("the engine's problems find their field", () => {
  const problemFor = (edit: (d: JsonObject) => JsonObject) =>
    parseValidation(validate_scenario(JSON.stringify(edit(defaults))))

  it('for each field the editor shows, with a label the form gives it', () => {
    const cases: Array<[string, (d: JsonObject) => JsonObject]> = [
      ['flows[0].count', (d) => withAt(d, 'flows[0].count', 20000)],
      ['link.rate_mbps', (d) => withAt(d, 'link.rate_mbps', 0)],
      ['link.delay_ms', (d) => withAt(d, 'link.delay_ms', -1)],
      ['link.buffer', (d) => withAt(d, 'link.buffer', 0)],
      ['link.loss_rate', (d) => withAt(d, 'link.loss_rate', 0.9)],
      ['flows[0].rtt_ms[0]', (d) => withAt(d, 'link.delay_ms', 50)],
      ['flows[0].rtt_ms[1]', (d) => withAt(d, 'flows[0].rtt_ms[1]', 10)],
      ['flows[0].stop_s', (d) => withAt(withAt(d, 'flows[0].start_s', 5), 'flows[0].stop_s', 1)],
      ['flows[0].traffic.rate_mbps', (d) => withAt(setTrafficKind(d, 0, 'cbr'), 'flows[0].traffic.rate_mbps', 0)],
      ['flows[0].traffic.off_s', (d) => withAt(setTrafficKind(d, 0, 'on_off'), 'flows[0].traffic.off_s', 0)],
      ['flows[0].class', (d) => withAt(d, 'flows[0].class', 3 + 1)],
      ['flows', (d) => withAt(withAt(addFlowGroup(d), 'flows[0].count', 6000), 'flows[1].count', 6000)],
    ]
    for (const [path, edit] of cases) {
      const problem = problemFor(edit)
      expect(problem?.field, path).toBe(path)
      expect(editorPaths(edit(defaults)), path).toContain(path)
      if (path !== 'flows') expect(fieldLabelKey(path), path).not.toBeNull()
    }
    expect(fieldLabelKey('link.rate_mbps')).toEqual({ key: 'link.rate' })
    expect(fieldLabelKey('flows[2].rtt_ms[0]')).toEqual({ key: 'flows.rttMin', group: 3 })
    expect(fieldLabelKey('flows[0].rwnd')).toBeNull()
  })

  it('are placed beside that field only when the editor shows it', () => {
    const shown = editorPaths(defaults)
    const engine = (edit: (d: JsonObject) => JsonObject) => ({ code: 'engine', problem: problemFor(edit) ?? undefined })
    expect(applyErrorPlace(undefined, shown)).toBeNull()
    expect(
      applyErrorPlace(
        engine((d) => withAt(d, 'flows[0].count', 20000)),
        shown,
      ),
    ).toEqual({ field: 'flows[0].count' })
    expect(
      applyErrorPlace(
        engine((d) => withAt(d, 'duration', 0)),
        shown,
      ),
    ).toEqual({ field: 'duration' })
    expect(
      applyErrorPlace(
        engine((d) => withAt(d, 'flows[0].rwnd', 0)),
        shown,
      ),
    ).toBe('apply') // not in the editor
    expect(
      applyErrorPlace(
        engine((d) => withAt(withAt(d, 'link.buffer', 10), 'aqm', { kind: 'red', max_th: 40 })),
        shown,
      ),
    ).toBe('apply')
    expect(applyErrorPlace({ code: 'panic' }, shown)).toBe('apply')
  })

  it('and problems about no one field go beside the Apply button', () => {
    expect(
      applyErrorPlace(
        { code: 'engine', problem: parseValidation(validate_scenario('{"seed":')) ?? undefined },
        editorPaths(defaults),
      ),
    ).toBe('apply')
    expect(
      applyErrorPlace({ code: 'engine', problem: parseValidation(validate_scenario('{"version":99}')) ?? undefined }, [
        'duration',
      ]),
    ).toBe('apply')
  })
})
