import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { EVERY, getAll, parsePath, setAll, toObject } from '../scenario/json'
import { sideCount, sideLabel, sideScenario, sweepPoint } from './patch'
import { isPreset, isPresetIndex, type Preset } from './types'

const dir = new URL('../../public/presets/', import.meta.url)
const read = (name: string): unknown => JSON.parse(readFileSync(new URL(name, dir), 'utf8'))

function preset(id: string): Preset {
  const p = read(`${id}.json`)
  if (!isPreset(p)) throw new Error(`${id}.json is not a preset`)
  return p
}

describe('paths', () => {
  const s = () =>
    toObject({ link: { buffer: 36 }, flows: [{ rwnd: 20, rtt_ms: [1, 2] }, { rwnd: 20 }], aqm: { kind: 'red' } })

  it('parse keys, indices and wildcards', () => {
    expect(parsePath('flows[1].rtt_ms[*]')).toEqual(['flows', 1, 'rtt_ms', EVERY])
    expect(() => parsePath('flows[x]')).toThrow()
  })

  it('set one field, every element, or a parameter left at its default', () => {
    const a = s()
    expect(setAll(a, 'flows[*].rwnd', 5)).toBe(2)
    expect(getAll(a, 'flows[*].rwnd')).toEqual([5, 5])
    expect(setAll(a, 'flows[0].rtt_ms[*]', 7)).toBe(2)
    expect(getAll(a, 'flows[0].rtt_ms')).toEqual([[7, 7]])
    expect(setAll(a, 'aqm.max_p', 0.1)).toBe(1)
    expect(setAll(a, 'aqm.gone', 1, false)).toBe(0)
    expect(setAll(a, 'flows[5].rwnd', 1)).toBe(0)
    expect(setAll(a, 'nothing.here', 1)).toBe(0)
  })

  it('make sweep points with derived parameters only where they exist', () => {
    const base = s()
    setAll(base, 'aqm.min_th', 6)
    const pt = sweepPoint(base, 'link.buffer', 24, [
      { path: 'aqm.min_th', div: 6 },
      { path: 'aqm.gone', div: 2 },
    ])
    expect(getAll(pt, 'link.buffer')).toEqual([24])
    expect(getAll(pt, 'aqm.min_th')).toEqual([4])
    expect(getAll(pt, 'aqm.gone')).toEqual([])
    expect(getAll(base, 'link.buffer')).toEqual([36]) // the base is untouched
  })
})

describe('the preset files', () => {
  const index = read('index.json')
  if (!isPresetIndex(index)) throw new Error('index.json')

  it('list every preset file once, and each file is a complete preset', () => {
    const files = readdirSync(dir)
      .filter((f) => f.endsWith('.json') && f !== 'index.json')
      .map((f) => f.replace(/\.json$/, ''))
      .sort()
    expect([...index.presets].sort()).toEqual(files)
    for (const id of index.presets) expect(preset(id).id).toBe(id)
  })

  it('cover every seed paper, with the seed file named', () => {
    const seeds = index.presets.map(preset).filter((p) => p.source.startsWith('seed '))
    expect(new Set(seeds.map((p) => p.source))).toEqual(
      new Set(['seed 000', 'seed 001', 'seed 002', 'seed 003', 'seed 004']),
    )
    for (const p of seeds) expect(p.seed_file?.startsWith(p.source.slice(5))).toBe(true)
  })

  it('give every comparison side a scenario that differs from the first only where it says', () => {
    for (const id of index.presets) {
      const p = preset(id)
      const base = sideScenario(p, 0)
      for (let k = 1; k < sideCount(p); k++) {
        const side = sideScenario(p, k)
        expect(side.seed, id).toEqual(base.seed)
        expect(side.duration, id).toEqual(base.duration)
        if (p.compare?.[k - 1].set === undefined) expect(side.flows, id).toEqual(base.flows)
        expect(sideLabel(p, k, 'ko').length, id).toBeGreaterThan(0)
      }
    }
  })

  it('name sweep parameters that exist on every side', () => {
    for (const id of index.presets) {
      const p = preset(id)
      if (p.sweep === undefined) continue
      for (let k = 0; k < sideCount(p); k++) {
        for (const x of p.sweep.values) {
          expect(
            () => sweepPoint(sideScenario(p, k), p.sweep!.param, x, p.sweep!.derived),
            `${id} side ${k}`,
          ).not.toThrow()
        }
      }
    }
  })
})
