// fast-check generators of scenarios, derived from scenario.schema.json so that they stay in step with
// it. Used by the tests only (web/scenario/*.test.ts).
import fc from 'fast-check'
import { MAX_TOTAL_FLOWS } from './validate'
import { expand, isObject, resolve, schema, typeOf, type Json, type JsonObject, type SchemaNode } from './model'

const INT32 = 2 ** 31 - 1

function integerIn(min: number, max: number): fc.Arbitrary<number> {
  if (min >= -INT32 && max <= INT32) return fc.integer({ min, max })
  return fc.oneof(
    fc.integer({ min, max: Math.min(max, 1000) }),
    fc.double({ min, max, noNaN: true }).map((x) => Math.min(max, Math.max(min, Math.round(x)))),
  )
}

function numberIn(min: number, max: number): fc.Arbitrary<number> {
  // Round values as people type them, and arbitrary doubles (subnormals, long fractions) for exactness.
  const doubles = fc.double({ min, max, noNaN: true, noDefaultInfinity: true })
  const lo = Math.ceil(min)
  const hi = Math.floor(Math.min(max, 1e6))
  return lo <= hi ? fc.oneof(fc.integer({ min: lo, max: hi }), doubles) : doubles
}

/** Values the schema node accepts (before the schema's conditional and the total-flows rule). */
export function arbitraryFor(node: SchemaNode, maxGroups = 3): fc.Arbitrary<Json> {
  const n = resolve(node)
  if (n.const !== undefined) return fc.constant(n.const)
  if (n.enum) return fc.constantFrom(...n.enum)
  if (n.oneOf) return fc.oneof(...n.oneOf.map((b) => arbitraryFor(b, maxGroups)))
  const types = typeOf(n)
  if (n.properties) {
    const props = n.properties
    const record: Record<string, fc.Arbitrary<Json>> = {}
    for (const [k, sub] of Object.entries(props)) if (sub !== undefined) record[k] = arbitraryFor(sub, maxGroups)
    const obj: fc.Arbitrary<Json> = fc.record(record, { requiredKeys: n.required ?? [] })
    return types.includes('null') ? fc.oneof(fc.constant(null), obj) : obj
  }
  if (n.items) {
    const max = Math.min(n.maxItems ?? maxGroups, maxGroups)
    return fc.array(arbitraryFor(n.items, maxGroups), {
      minLength: n.minItems ?? 0,
      maxLength: Math.max(max, n.minItems ?? 0),
    })
  }
  const min = n.minimum ?? -1e6
  const max = n.maximum ?? 1e6
  const scalar: fc.Arbitrary<Json> = types.includes('integer')
    ? integerIn(min, max)
    : types.includes('number')
      ? numberIn(min, max)
      : types.includes('boolean')
        ? fc.boolean()
        : fc.string()
  return types.includes('null') ? fc.oneof(fc.constant(null), scalar) : scalar
}

/** The rules the schema cannot state on one field alone: buffer limit per unit, total flows. */
function withinLimits(s: JsonObject): JsonObject {
  const link = s.link
  if (isObject(link) && link.buffer_unit !== 'bytes' && typeof link.buffer === 'number') {
    link.buffer = Math.min(link.buffer, 1_000_000)
  }
  const flows = s.flows
  if (Array.isArray(flows)) {
    const total = flows.reduce<number>((t, g) => t + (isObject(g) && typeof g.count === 'number' ? g.count : 5), 0)
    if (total > MAX_TOTAL_FLOWS) {
      for (const g of flows)
        if (isObject(g) && typeof g.count === 'number') g.count = Math.max(1, Math.floor(g.count / 64))
    }
  }
  return s
}

/** Partial scenarios the schema accepts (as a link or a file might hold them). */
export const partialScenario: fc.Arbitrary<JsonObject> = arbitraryFor(schema)
  .filter(isObject)
  .map((s) => withinLimits(s))

/** The same, with every default filled in. */
export const fullScenario: fc.Arbitrary<JsonObject> = partialScenario.map((s) => {
  const full = expand(schema, s)
  return isObject(full) ? withinLimits(full) : {}
})
