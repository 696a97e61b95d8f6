// The address of a preset's lab: `?preset=<id>` alone while the preset runs as it is, the scenario's keys
// beside the id once it is edited; the link codec reads the id as a view key, never as the scenario's.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { expand, isObject, schema, type JsonObject } from '../scenario/model'
import { hasScenarioKeys, isPresetLab, ownedByOtherView } from '../scenario/linkView'
import { decodeLink } from '../scenario/urlCodec'
import { contextQuery, type PresetContext } from './presetContext'

const file = JSON.parse(
  readFileSync(new URL('../../public/presets/red-vs-droptail.json', import.meta.url), 'utf8'),
) as { scenario: JsonObject }
const preset: PresetContext = { id: 'red-vs-droptail', scenario: file.scenario }

describe('contextQuery', () => {
  it('is the plain preset link for the preset scenario, partial or fully expanded', () => {
    expect(contextQuery(preset.scenario, {}, preset)).toBe('preset=red-vs-droptail')
    const full = expand(schema, structuredClone(preset.scenario))
    if (!isObject(full)) throw new Error('not an object')
    expect(contextQuery(full, { speed: 1 }, preset)).toBe('preset=red-vs-droptail')
  })

  it('keeps the id and writes the scenario once it differs, or the speed does', () => {
    const edited = { ...preset.scenario, aqm: { kind: 'red', min_th: 15, max_th: 45, max_p: 0.1 } }
    const q = contextQuery(edited, {}, preset)
    expect(q.startsWith('preset=red-vs-droptail&v=2&')).toBe(true)
    const back = decodeLink(`?${q}`)
    expect(back.problems).toEqual([])
    expect(back.scenario.aqm).toMatchObject({ kind: 'red', min_th: 15, max_th: 45, max_p: 0.1 })
    expect(contextQuery(preset.scenario, { speed: 4 }, preset)).toMatch(/^preset=red-vs-droptail&v=2&.*speed=4$/)
  })

  it('is the plain lab link without a preset', () => {
    expect(contextQuery({}, {}, undefined)).toBe('v=2')
  })
})

describe('what a preset link asks for', () => {
  it('a preset lab owns its address; compare and lessons keep theirs', () => {
    expect(isPresetLab('?preset=red-vs-droptail')).toBe(true)
    expect(isPresetLab('?preset=red-vs-droptail&v=1&aqm=red')).toBe(true)
    expect(isPresetLab('?view=compare&preset=red-vs-droptail')).toBe(false)
    expect(isPresetLab('?v=1&aqm=red')).toBe(false)
    expect(ownedByOtherView('?view=compare&preset=red-vs-droptail')).toBe(true)
  })

  it('an old preset link holds no scenario keys; an edited one does', () => {
    expect(hasScenarioKeys('?preset=red-vs-droptail')).toBe(false)
    expect(hasScenarioKeys('?preset=red-vs-droptail&lang=ko')).toBe(false)
    expect(hasScenarioKeys('?preset=red-vs-droptail&v=1&aqm=red')).toBe(true)
  })
})
