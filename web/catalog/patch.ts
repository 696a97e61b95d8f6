// The sides and sweep points made from a preset, with the paths of web/scenario/json.ts. The native tests
// run exactly these scenarios: `npm run gen:sides` writes them to engine-wasm/tests/fixtures/preset-sides.json
// (presetSides.test.ts fails while that file is stale).
//   set     every place the path names; the last key is created when its object exists (a parameter
//           left at its default), never an array element or an object in between
//   side k  k = 0: the preset's scenario; k ≥ 1: compare[k − 1]'s `set` paths, then its `aqm`
//   point   the sweep's parameter set to x, then each derived path that exists to x·mul/div
import { setAll, toJson, toObject, type JsonObject } from '../scenario/json'
import type { Derived, Lang, Preset } from './types'

/** Number of sides: the preset's scenario plus one per comparison. */
export function sideCount(preset: Preset): number {
  return 1 + (preset.compare?.length ?? 0)
}

/** The scenario of side `k` (0 = the preset's own). */
export function sideScenario(preset: Preset, k: number): JsonObject {
  const base = toObject(preset.scenario)
  if (k === 0) return base
  const entry = preset.compare?.[k - 1]
  if (entry === undefined) throw new Error(`${preset.id}: no comparison ${k}`)
  return applyVariant(base, entry.set, entry.aqm)
}

/** `set` paths, then `aqm` replaced, on a copy of `scenario`. */
export function applyVariant(
  scenario: JsonObject,
  set?: Record<string, unknown>,
  aqm?: Record<string, unknown>,
): JsonObject {
  const s = toObject(scenario)
  for (const [path, value] of Object.entries(set ?? {})) {
    if (setAll(s, path, toJson(value)) === 0) throw new Error(`"${path}" names nothing in the scenario`)
  }
  if (aqm !== undefined) s.aqm = toJson(aqm)
  return s
}

export function sideLabel(preset: Preset, k: number, lang: Lang): string {
  return k === 0 ? preset.base_label[lang] : (preset.compare?.[k - 1]?.label[lang] ?? `#${k}`)
}

/** A sweep point: `param` set to x, each derived path that exists to x·mul/div, on a copy. */
export function sweepPoint(
  scenario: JsonObject,
  param: string,
  x: number,
  derived: readonly Derived[] = [],
): JsonObject {
  const s = toObject(scenario)
  if (setAll(s, param, x) === 0) throw new Error(`"${param}" names nothing in the scenario`)
  for (const d of derived) setAll(s, d.path, (x * (d.mul ?? 1)) / (d.div ?? 1), false)
  return s
}
