// The scenario model as the page sees it: plain JSON shaped by scenario.schema.json, which the engine
// generates (engine-wasm/src/fields.rs and schema.rs, npm run gen:schema) and which carries every
// default. This file walks that schema to fill in defaults (`expand`), to keep only what differs from
// them (`diff`), and to answer questions such as
// "which parameters does RED have". It follows exactly the schema constructs the file uses: $ref to
// #/definitions, object properties, arrays, and `oneOf` tagged by `kind` (a discriminator).
import { clone, deepEqual, formatPath, getOwn, isObject, parsePath, setOwn, type Json, type JsonObject } from './json'
import schemaJson from './scenario.schema.json'

export { clone, deepEqual, getAt, getOwn, isObject, parseObject, setAt, setOwn } from './json'
export type { Json, JsonObject } from './json'

export interface SchemaNode {
  title?: string
  description?: string
  type?: string | string[]
  /** Optional entries: TypeScript's view of a JSON import whose branches list different keys. */
  properties?: Record<string, SchemaNode | undefined>
  items?: SchemaNode
  oneOf?: SchemaNode[]
  discriminator?: { propertyName: string }
  $ref?: string
  const?: Json
  enum?: Json[]
  default?: Json
  minimum?: number
  maximum?: number
  minItems?: number
  maxItems?: number
  required?: string[]
  additionalProperties?: boolean
}

interface RootSchema extends SchemaNode {
  definitions: Record<string, SchemaNode>
}

export const schema: RootSchema = schemaJson

export function resolve(node: SchemaNode): SchemaNode {
  const ref = node.$ref
  if (ref === undefined) return node
  const name = ref.replace('#/definitions/', '')
  const target = schema.definitions[name]
  if (target === undefined) throw new Error(`scenario schema: unresolved $ref ${ref}`)
  return target
}

/** The branch of a `kind`-tagged union that `value` selects (its kind, or the default kind). */
export function branchFor(node: SchemaNode, value: JsonObject): SchemaNode | null {
  const tag = node.discriminator?.propertyName ?? 'kind'
  const fallback = isObject(node.default) ? node.default[tag] : undefined
  const kind = getOwn(value, tag) ?? fallback
  return node.oneOf?.find((b) => b.properties?.[tag]?.const === kind) ?? null
}

/** The value with every missing field set to its default, recursively. Fields the schema does not know
 * are kept as they are, so that validation can name them. `undefined` means "absent". */
export function expand(node: SchemaNode, value: Json | undefined): Json | undefined {
  const n = resolve(node)
  if (value === undefined) {
    if (n.default === undefined) return undefined
    value = clone(n.default)
  }
  // An optional object given as null (link.atm) is the same as absent; a nullable number stays null.
  if (value === null) return n.default === undefined ? undefined : null
  if (n.oneOf && n.discriminator) {
    if (!isObject(value)) return value
    const branch = branchFor(n, value)
    if (branch === null) return value
    const tag = n.discriminator.propertyName
    const withTag: JsonObject = {}
    setOwn(withTag, tag, branch.properties?.[tag]?.const ?? null)
    for (const k of Object.keys(value)) if (k !== tag) setOwn(withTag, k, value[k])
    return expandObject(branch, withTag)
  }
  if (n.properties && isObject(value)) return expandObject(n, value)
  if (n.items && Array.isArray(value)) {
    const items = n.items
    return value.map((v) => expand(items, v) ?? v)
  }
  return value
}

function expandObject(node: SchemaNode, value: JsonObject): JsonObject {
  const out: JsonObject = {}
  const props = node.properties ?? {}
  for (const [k, sub] of Object.entries(props)) {
    if (sub === undefined) continue
    const v = expand(sub, getOwn(value, k))
    if (v !== undefined) setOwn(out, k, v)
  }
  for (const k of Object.keys(value)) if (!(k in props)) setOwn(out, k, value[k])
  return out
}

/** What `value` (a fully expanded value) holds beyond the defaults; `undefined` when nothing.
 * expand(node, diff(node, v)) deep-equals v for every expanded v. */
export function diff(node: SchemaNode, value: Json | undefined): Json | undefined {
  const n = resolve(node)
  if (deepEqual(value, expand(n, undefined))) return undefined
  if (value === undefined) return undefined
  if (n.oneOf && n.discriminator && isObject(value)) {
    const branch = branchFor(n, value)
    if (branch === null) return clone(value)
    const tag = n.discriminator.propertyName
    const out: JsonObject = {}
    setOwn(out, tag, getOwn(value, tag) ?? branch.properties?.[tag]?.const ?? null)
    diffProperties(branch, value, out, tag)
    return out
  }
  if (n.properties && isObject(value)) {
    const out: JsonObject = {}
    diffProperties(n, value, out)
    return out
  }
  if (n.items && Array.isArray(value)) {
    const items = n.items
    return value.map((v) => diff(items, v) ?? (isObject(v) ? {} : v))
  }
  return clone(value)
}

function diffProperties(node: SchemaNode, value: JsonObject, out: JsonObject, skip?: string): void {
  const props = node.properties ?? {}
  for (const k of Object.keys(value)) {
    if (k === skip) continue
    const sub = props[k]
    const d = sub === undefined ? clone(value[k]) : diff(sub, value[k])
    if (d !== undefined) setOwn(out, k, d)
  }
}

// ---- questions about the model ------------------------------------------------------------------

export const aqmNode: SchemaNode = schema.definitions.aqm
export const flowGroupNode: SchemaNode = schema.definitions.flowGroup

function expandObj(node: SchemaNode, value: Json | undefined): JsonObject {
  const v = expand(node, value)
  if (!isObject(v)) throw new Error('scenario schema: expected an object default')
  return v
}

/** The default scenario, every field present (as the engine's default_scenario() writes it). */
export function defaultScenario(): JsonObject {
  return expandObj(schema, undefined)
}

export function defaultFlowGroup(): JsonObject {
  return expandObj(flowGroupNode, {})
}

/** Every algorithm kind, in the engine's picker order. */
export const aqmKinds: readonly string[] = (aqmNode.oneOf ?? []).map((b) => String(b.properties?.kind?.const))

export function aqmBranch(kind: string): SchemaNode | null {
  return (aqmNode.oneOf ?? []).find((b) => b.properties?.kind?.const === kind) ?? null
}

/** The algorithm's parameters with their defaults, e.g. aqmDefaults('red').max_th === 15. */
export function aqmDefaults(kind: string): JsonObject {
  return expandObj(aqmNode, { kind })
}

/** The schema of one parameter of one algorithm, or null. */
export function aqmParam(kind: string, name: string): SchemaNode | null {
  if (name === 'kind') return null
  return aqmBranch(kind)?.properties?.[name] ?? null
}

/** What the scenario model reads of a discipline's catalogue entry (the worker protocol's `AlgorithmInfo`
 * has these and more): written here so the model does not depend on the protocol. */
export interface DisciplineSpec {
  kind: string
  params: ReadonlyArray<{
    name: string
    min: number
    max: number
    default: number
    integer: boolean
    boolean: boolean
  }>
}

/**
 * A discipline's schema branch from its entry in the engine's catalogue (`algorithms()`): the same facts the
 * engine's generated schema states for each parameter (engine-wasm/src/schema.rs): a switch is a boolean
 * with its default, the rest numbers (integers where the engine reads one) in the spec's range.
 */
export function aqmBranchOf(info: DisciplineSpec): SchemaNode {
  const properties: Record<string, SchemaNode> = { kind: { type: 'string', const: info.kind } }
  for (const p of info.params) {
    properties[p.name] = p.boolean
      ? { type: 'boolean', default: p.default !== 0 }
      : { type: p.integer ? 'integer' : 'number', minimum: p.min, maximum: p.max, default: p.default }
  }
  return { type: 'object', properties, required: ['kind'], additionalProperties: false }
}

/** The disciplines a scenario may name: the schema's, and any other the engine's catalogue declares. */
export interface AqmModel {
  kinds: readonly string[]
  /** The kind's branch, from the schema or else from the catalogue; null for a kind neither knows. */
  branch(kind: string): SchemaNode | null
  /** The kind's branch when only the catalogue knows it (the schema cannot check it); else null. */
  catalogueOnly(kind: string): SchemaNode | null
  param(kind: string, name: string): SchemaNode | null
  /** The kind's parameters with their defaults. */
  defaults(kind: string): JsonObject
}

export function aqmModel(algorithms: readonly DisciplineSpec[] = []): AqmModel {
  const extra = new Map(algorithms.filter((a) => aqmBranch(a.kind) === null).map((a) => [a.kind, aqmBranchOf(a)]))
  const catalogueOnly = (kind: string) => extra.get(kind) ?? null
  const branch = (kind: string) => aqmBranch(kind) ?? catalogueOnly(kind)
  return {
    kinds: [...aqmKinds, ...extra.keys()],
    branch,
    catalogueOnly,
    param: (kind, name) => (name === 'kind' ? null : (branch(kind)?.properties?.[name] ?? null)),
    defaults: (kind) => {
      const only = catalogueOnly(kind)
      return only === null ? aqmDefaults(kind) : expandObj(only, { kind })
    },
  }
}

export function typeOf(node: SchemaNode): string[] {
  const n = resolve(node)
  if (n.type === undefined) return n.enum ? ['string'] : []
  return Array.isArray(n.type) ? n.type : [n.type]
}

/** The schema node of the field at `path` in a scenario (branches chosen by `scenario`'s kinds). */
export function nodeAt(path: readonly (string | number)[], scenario: Json): SchemaNode | null {
  let node: SchemaNode = schema
  let value: Json | undefined = scenario
  for (const seg of path) {
    node = resolve(node)
    if (node.oneOf && node.discriminator) {
      const branch: SchemaNode | null = isObject(value) ? branchFor(node, value) : null
      if (branch === null) return null
      node = branch
    }
    if (typeof seg === 'number') {
      if (!node.items) return null
      node = node.items
      value = Array.isArray(value) ? value[seg] : undefined
    } else {
      const sub: SchemaNode | undefined = node.properties?.[seg]
      if (sub === undefined) return null
      node = sub
      value = isObject(value) ? getOwn(value, seg) : undefined
    }
  }
  return resolve(node)
}

/** "flows[0].rtt_ms[1]" for ['flows', 0, 'rtt_ms', 1]; "scenario" for the whole. */
export function fieldName(path: readonly (string | number)[]): string {
  return path.length === 0 ? 'scenario' : formatPath(path)
}

/** Parses "flows[0].rtt_ms[1]" (the engine's way of naming a field) into a path; null if it is not one. */
export function parseFieldName(name: string): (string | number)[] | null {
  if (!/^[a-z_][a-z0-9_]*(\[\d+\]|\.[a-z_][a-z0-9_]*)*$/.test(name)) return null
  return parsePath(name).filter((s): s is string | number => typeof s !== 'symbol')
}
