// Every preset's comparison sides and sweep points, made by the page's own code (patch.ts), written to the
// fixture the native preset tests read (engine-wasm/tests/presets.rs), so those tests run exactly the
// scenarios the page runs without a second implementation of the path language. Regenerate with
//   npm run gen:sides        (UPDATE_SIDES=1 npx vitest run web/catalog/presetSides.test.ts)
// whenever a preset changes; the test below fails while the committed fixture is stale.
import { readFileSync, writeFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { sideCount, sideScenario, sweepPoint } from './patch'
import { isPreset, isPresetIndex, type Preset } from './types'

const dir = new URL('../../public/presets/', import.meta.url)
const fixture = new URL('../../engine-wasm/tests/fixtures/preset-sides.json', import.meta.url)
const read = (url: URL): unknown => JSON.parse(readFileSync(url, 'utf8'))

function presets(): Preset[] {
  const index = read(new URL('index.json', dir))
  if (!isPresetIndex(index)) throw new Error('index.json is not a preset index')
  return index.presets.map((id) => {
    const p = read(new URL(`${id}.json`, dir))
    if (!isPreset(p)) throw new Error(`${id}.json is not a preset`)
    return p
  })
}

/** { id: { sides: [scenario per side], sweep?: { values, points: [[scenario per value] per side] } } }. */
export function presetSides(list: readonly Preset[]): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const p of list) {
    const sides = Array.from({ length: sideCount(p) }, (_, k) => sideScenario(p, k))
    const sweep = p.sweep
    out[p.id] = {
      sides,
      ...(sweep !== undefined && {
        sweep: {
          param: sweep.param,
          values: sweep.values,
          points: sides.map((s) => sweep.values.map((x) => sweepPoint(s, sweep.param, x, sweep.derived))),
        },
      }),
    }
  }
  return out
}

describe('the preset sides fixture of the native tests', () => {
  it('is what the page makes of the presets now', () => {
    // One line per preset: a change to a preset shows as a change to its line.
    const text = `{\n${Object.entries(presetSides(presets()))
      .map(([id, v]) => `${JSON.stringify(id)}: ${JSON.stringify(v)}`)
      .join(',\n')}\n}\n`
    if (process.env.UPDATE_SIDES) writeFileSync(fixture, text)
    expect(readFileSync(fixture, 'utf8'), 'stale: run npm run gen:sides').toBe(text)
  })

  it('holds one entry per listed preset, each side a whole scenario', () => {
    const f = read(fixture)
    const list = presets()
    expect(Object.keys(f as object)).toEqual(list.map((p) => p.id))
    const red = (f as Record<string, { sides: Array<{ aqm?: { kind?: string } }> }>)['red-vs-droptail']
    expect(red.sides.map((s) => s.aqm?.kind)).toEqual(['droptail', 'red'])
  })
})
