// What the engine declares about a per-flow discipline (seed 004's selective drop) and the cap the panel names.
import { readFileSync } from 'node:fs'
import { beforeAll, describe, expect, it } from 'vitest'
import { algorithms, initSync } from '../engine/pkg/aqm_engine.js'
import { isAlgorithmInfo, type AlgorithmInfo } from '../engine/protocol'
import { capValue } from './PerFlowCap'

let catalogue: AlgorithmInfo[] = []
beforeAll(() => {
  initSync({ module: readFileSync(new URL('../engine/pkg/aqm_engine_bg.wasm', import.meta.url)) })
  catalogue = JSON.parse(algorithms()) as AlgorithmInfo[]
})

describe('per_flow_cap', () => {
  it('the engine declares a per-flow cap for selective drop only, naming one of its parameters', () => {
    expect(catalogue.every(isAlgorithmInfo)).toBe(true)
    const capped = catalogue.filter((a) => typeof a.per_flow_cap === 'string')
    expect(capped.map((a) => [a.kind, a.per_flow_cap])).toEqual([['selective_drop', 'q_thresh']])
    expect(capped[0].params.some((p) => p.name === 'q_thresh')).toBe(true)
  })

  it('a malformed cap is refused, an absent one accepted', () => {
    const base = { kind: 'x', label: 'X', citation: '', summary: '', params: [] }
    expect(isAlgorithmInfo(base)).toBe(true)
    expect(isAlgorithmInfo({ ...base, per_flow_cap: null })).toBe(true)
    expect(isAlgorithmInfo({ ...base, per_flow_cap: 3 })).toBe(false)
  })
})

describe('capValue', () => {
  it("is the engine's live value when it has one (auto mode), else the setting", () => {
    expect(capValue('q_thresh', { kind: 'selective_drop', q_thresh: 6 }, undefined)).toBe(6)
    expect(capValue('q_thresh', { kind: 'selective_drop', q_thresh: 6 }, 5)).toBe(5)
    expect(capValue('q_thresh', { kind: 'selective_drop', q_thresh: 6 }, Number.NaN)).toBe(6)
    expect(capValue('q_thresh', null, undefined)).toBeNull()
  })
})
