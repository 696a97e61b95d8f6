// The page's one JSON toolkit: plain JSON values, the few safe operations the scenario code needs on them
// (no prototype is ever touched, whatever the keys) and one path language for places in them, shared by
// presets, drafts, patches, sweeps, compare and the URL codec. Free of the schema, so the page's first
// bundle can use it.
//
// Paths are spelled the way the engine's validation messages name fields:
//   `link.buffer`, `aqm.max_p`, `flows[0].count`, `flows[1].rtt_ms[1]`
// and, where a path may name many places (a preset's `set`, a sweep parameter), `[*]` is every element:
//   `flows[*].rwnd`, `flows[1].rtt_ms[*]`.

export type Json = null | boolean | number | string | Json[] | JsonObject
export interface JsonObject {
  [key: string]: Json
}

export function isObject(x: unknown): x is JsonObject {
  return typeof x === 'object' && x !== null && !Array.isArray(x)
}

/** Sets an own property, even one named "__proto__", without touching any prototype. */
export function setOwn(obj: JsonObject, key: string, value: Json): void {
  Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true })
}

export function getOwn(obj: JsonObject, key: string): Json | undefined {
  return Object.prototype.hasOwnProperty.call(obj, key) ? obj[key] : undefined
}

/** A JSON text's object, or null when it is not one. */
export function parseObject(json: string): JsonObject | null {
  try {
    const v: unknown = JSON.parse(json)
    return isObject(v) ? v : null
  } catch {
    return null
  }
}

export function clone<T extends Json>(value: T): T
export function clone(value: Json): Json {
  if (Array.isArray(value)) return value.map(clone)
  if (isObject(value)) {
    const out: JsonObject = {}
    for (const k of Object.keys(value)) setOwn(out, k, clone(value[k]))
    return out
  }
  return value
}

export function deepEqual(a: Json | undefined, b: Json | undefined): boolean {
  if (a === b) return true
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((x, i) => deepEqual(x, b[i]))
  if (isObject(a) && isObject(b)) {
    const ka = Object.keys(a)
    return ka.length === Object.keys(b).length && ka.every((k) => deepEqual(a[k], getOwn(b, k)))
  }
  return false
}

/**
 * Freezes `value` and everything in it, in place, so one parsed value can be shared by every reader without
 * a copy: a reader that tries to change it throws (modules run in strict mode). Edit it with withAt, which
 * copies what it changes.
 */
export function deepFreeze<T extends Json>(value: T): T {
  if (Array.isArray(value) || isObject(value)) {
    for (const v of Object.values(value)) deepFreeze(v)
    Object.freeze(value)
  }
  return value
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
    for (const [k, v] of Object.entries(x)) setOwn(out, k, toJson(v))
    return out
  }
  throw new Error(`not JSON: ${typeof x}`)
}

export function toObject(x: unknown): JsonObject {
  const v = toJson(x)
  if (!isObject(v)) throw new Error('expected a JSON object')
  return v
}

// ---- paths ------------------------------------------------------------------------------

/** The `[*]` step: every element of an array. */
export const EVERY: unique symbol = Symbol('every')
export type Step = string | number | typeof EVERY
export type Path = string | readonly Step[]

/** "flows[0].rtt_ms[*]" → ["flows", 0, "rtt_ms", EVERY]; throws on anything else. */
export function parsePath(path: string): Step[] {
  const steps: Step[] = []
  for (const part of path.split('.')) {
    const m = /^([^[\]]*)((?:\[(?:\d+|\*)\])*)$/.exec(part)
    if (m === null || (m[1] === '' && m[2] === '')) throw new Error(`bad path "${path}"`)
    if (m[1] !== '') steps.push(m[1])
    for (const [, idx] of m[2].matchAll(/\[(\d+|\*)\]/g)) steps.push(idx === '*' ? EVERY : Number(idx))
  }
  return steps
}

/** parsePath, or null for text that is not a path. */
export function tryParsePath(path: string): Step[] | null {
  try {
    return parsePath(path)
  } catch {
    return null
  }
}

/** ["flows", 0, "rtt_ms", 1] → "flows[0].rtt_ms[1]" (the inverse of parsePath). */
export function formatPath(steps: readonly Step[]): string {
  let s = ''
  for (const step of steps)
    s += step === EVERY ? '[*]' : typeof step === 'number' ? `[${step}]` : s === '' ? step : `.${step}`
  return s
}

const stepsOf = (path: Path): readonly Step[] => (typeof path === 'string' ? parsePath(path) : path)

/** The value at the one place `path` names; undefined where there is none (or the path names many). */
export function getAt(root: Json | undefined, path: Path): Json | undefined {
  let v: Json | undefined = root
  for (const step of stepsOf(path)) {
    if (typeof step === 'number') v = Array.isArray(v) ? v[step] : undefined
    else if (typeof step === 'string') v = isObject(v) ? getOwn(v, step) : undefined
    else return undefined
    if (v === undefined) return undefined
  }
  return v
}

/** The values at every place `path` names. */
export function getAll(root: Json, path: Path): Json[] {
  let nodes: Json[] = [root]
  for (const step of stepsOf(path)) {
    const next: Json[] = []
    for (const n of nodes) {
      if (typeof step === 'string') {
        const v = isObject(n) ? getOwn(n, step) : undefined
        if (v !== undefined) next.push(v)
      } else if (Array.isArray(n)) {
        if (step === EVERY) next.push(...n)
        else if (step < n.length) next.push(n[step])
      }
    }
    nodes = next
  }
  return nodes
}

function setSteps(node: Json, steps: readonly Step[], value: Json, create: boolean): number {
  const [first, ...rest] = steps
  if (typeof first === 'string') {
    if (!isObject(node)) return 0
    if (rest.length === 0) {
      if (!create && getOwn(node, first) === undefined) return 0
      setOwn(node, first, value)
      return 1
    }
    const child = getOwn(node, first)
    return child === undefined ? 0 : setSteps(child, rest, value, create)
  }
  if (!Array.isArray(node)) return 0
  const indices = first === EVERY ? node.keys() : first < node.length ? [first] : []
  let n = 0
  for (const i of indices) {
    if (rest.length === 0) {
      node[i] = value
      n++
    } else n += setSteps(node[i], rest, value, create)
  }
  return n
}

/**
 * Sets, in place, every place `path` names; returns how many were set. The last key is created when its
 * object exists (a parameter left at its default) unless `create` is off; an array element or an object in
 * between is never created.
 */
export function setAll(root: JsonObject, path: Path, value: Json, create = true): number {
  const steps = stepsOf(path)
  return steps.length === 0 ? 0 : setSteps(root, steps, value, create)
}

/**
 * Sets (or with `undefined`, deletes), in place, the field at the one place `path` names; does nothing when
 * its parent is missing. An array may grow by one element at its end.
 */
export function setAt(root: Json, path: Path, value: Json | undefined): void {
  const steps = stepsOf(path)
  if (steps.length === 0) return
  const parent = getAt(root, steps.slice(0, -1))
  const last = steps[steps.length - 1]
  if (typeof last === 'number' && Array.isArray(parent)) {
    if (value === undefined) parent.splice(last, 1)
    else if (last <= parent.length) parent[last] = value
  } else if (typeof last === 'string' && isObject(parent)) {
    if (value === undefined) delete parent[last]
    else setOwn(parent, last, value)
  }
}

function withSteps(node: Json | undefined, steps: readonly Step[], value: Json): Json {
  if (steps.length === 0) return value
  const [step, ...rest] = steps
  if (step === EVERY) throw new Error('withAt names one place; [*] names many')
  if (typeof step === 'number') {
    const arr = Array.isArray(node) ? [...node] : []
    arr[step] = withSteps(arr[step], rest, value)
    return arr
  }
  const out: JsonObject = isObject(node) ? { ...node } : {}
  setOwn(out, step, withSteps(isObject(node) ? getOwn(node, step) : undefined, rest, value))
  return out
}

/**
 * A copy of `root` with the value at the one place `path` names replaced (objects and arrays on the way
 * created as needed); the rest is shared, not copied, so a frozen value can be edited this way.
 */
export function withAt(root: JsonObject, path: Path, value: Json): JsonObject {
  const next = withSteps(root, stepsOf(path), value)
  return isObject(next) ? next : root // a path starts with a key, so the root stays an object
}
