// Paths into a scenario and the sides and sweep points made from a preset. The same rules are written in
// engine-wasm/tests/presets.rs, so the native tests run exactly the scenarios the page runs:
//   path    `link.buffer`, `aqm.max_p`, `flows[0].count`, `flows[*].rwnd`, `flows[1].rtt_ms[*]`
//   set     every place the path names; the last key is created when its object exists (a parameter
//           left at its default), never an array element or an object in between
//   side k  k = 0: the preset's scenario; k ≥ 1: compare[k − 1]'s `set` paths, then its `aqm`
//   point   the sweep's parameter set to x, then each derived path that exists to x·mul/div
import type { Derived, Lang, Preset } from './types'

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json }
export type JsonObject = { [key: string]: Json }

type Step = { key: string } | { index: number } | { all: true }

export function parsePath(path: string): Step[] {
  const steps: Step[] = []
  for (const part of path.split('.')) {
    const m = /^([^[\]]*)((?:\[(?:\d+|\*)\])*)$/.exec(part)
    if (m === null) throw new Error(`bad path "${path}"`)
    if (m[1] !== '') steps.push({ key: m[1] })
    for (const [, idx] of m[2].matchAll(/\[(\d+|\*)\]/g)) steps.push(idx === '*' ? { all: true } : { index: Number(idx) })
  }
  if (steps.length === 0) throw new Error('empty path')
  return steps
}

function isObject(x: Json | undefined): x is JsonObject {
  return typeof x === 'object' && x !== null && !Array.isArray(x)
}

function setSteps(node: Json, steps: Step[], value: Json, create: boolean): number {
  const [first, ...rest] = steps
  if ('key' in first) {
    if (!isObject(node)) return 0
    if (rest.length === 0) {
      if (!create && !(first.key in node)) return 0
      node[first.key] = value
      return 1
    }
    const child = node[first.key]
    return child === undefined ? 0 : setSteps(child, rest, value, create)
  }
  if (!Array.isArray(node)) return 0
  if ('index' in first) {
    if (first.index >= node.length) return 0
    if (rest.length === 0) {
      node[first.index] = value
      return 1
    }
    return setSteps(node[first.index], rest, value, create)
  }
  let n = 0
  for (let i = 0; i < node.length; i++) {
    if (rest.length === 0) {
      node[i] = value
      n++
    } else n += setSteps(node[i], rest, value, create)
  }
  return n
}

/** Sets, in place, every place `path` names; returns how many were set. */
export function setPath(root: JsonObject, path: string, value: Json, create = true): number {
  return setSteps(root, parsePath(path), value, create)
}

/** The values at every place `path` names (for showing the current value of a sweep parameter). */
export function getPath(root: Json, path: string): Json[] {
  let nodes: Json[] = [root]
  for (const step of parsePath(path)) {
    const next: Json[] = []
    for (const n of nodes) {
      if ('key' in step) {
        if (isObject(n) && step.key in n) next.push(n[step.key])
      } else if (Array.isArray(n)) {
        if ('index' in step) {
          if (step.index < n.length) next.push(n[step.index])
        } else next.push(...n)
      }
    }
    nodes = next
  }
  return nodes
}

/** A deep copy of JSON data, checked on the way (preset files are JSON already). */
export function toJson(x: unknown): Json {
  if (x === null || typeof x === 'boolean' || typeof x === 'string') return x
  if (typeof x === 'number') {
    if (!Number.isFinite(x)) throw new Error('not JSON: a non-finite number')
    return x
  }
  if (Array.isArray(x)) return x.map(toJson)
  if (typeof x === 'object') {
    const out: JsonObject = {}
    for (const [k, v] of Object.entries(x)) out[k] = toJson(v)
    return out
  }
  throw new Error(`not JSON: ${typeof x}`)
}

export function toObject(x: unknown): JsonObject {
  const v = toJson(x)
  if (!isObject(v)) throw new Error('expected a JSON object')
  return v
}

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
export function applyVariant(scenario: JsonObject, set?: Record<string, unknown>, aqm?: Record<string, unknown>): JsonObject {
  const s = toObject(scenario)
  for (const [path, value] of Object.entries(set ?? {})) {
    if (setPath(s, path, toJson(value)) === 0) throw new Error(`"${path}" names nothing in the scenario`)
  }
  if (aqm !== undefined) s.aqm = toJson(aqm)
  return s
}

export function sideLabel(preset: Preset, k: number, lang: Lang): string {
  return k === 0 ? preset.base_label[lang] : (preset.compare?.[k - 1]?.label[lang] ?? `#${k}`)
}

/** A sweep point: `param` set to x, each derived path that exists to x·mul/div, on a copy. */
export function sweepPoint(scenario: JsonObject, param: string, x: number, derived: readonly Derived[] = []): JsonObject {
  const s = toObject(scenario)
  if (setPath(s, param, x) === 0) throw new Error(`"${param}" names nothing in the scenario`)
  for (const d of derived) setPath(s, d.path, (x * (d.mul ?? 1)) / (d.div ?? 1), false)
  return s
}
