// Plain JSON values and the few safe operations the scenario code needs on them (no prototype is ever
// touched, whatever the keys). Free of the schema, so the page's first bundle can use it.

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
