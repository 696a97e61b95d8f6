// Checks a fully expanded scenario against scenario.schema.json (ajv, compiled ahead of time into
// validate.generated.js so that no code is generated at run time) and, when it fails, builds the nearest
// valid scenario: unknown fields are left out, numbers clamped into range, wrong types and broken objects
// reset to their defaults. The engine's own validation (cross-field rules) comes after: engineRepair.ts.
import type { ErrorObject } from 'ajv'
import { validate as schemaValidate } from './validate.generated.js'
import {
  clone,
  defaultScenario,
  expand,
  fieldName,
  flowGroupNode,
  getAt,
  isObject,
  nodeAt,
  schema,
  setAt,
  typeOf,
  type Json,
  type JsonObject,
} from './model'
import { dedupe, excerpt, problem, type Problem } from './problems'
import { totalFlows } from './limits'

/** The engine's MAX_FLOWS, which bounds one group's `count` and the total alike (engine-wasm/src/fields.rs):
 * read from the generated schema, so the page holds no copy of it. */
export const MAX_TOTAL_FLOWS: number = flowGroupNode.properties?.count?.maximum ?? 10_000
const MAX_PASSES = 30

export interface Checked {
  /** The scenario when it was valid; otherwise the nearest valid one. */
  scenario: JsonObject
  /** Empty when the scenario was valid as given. */
  problems: Problem[]
}

/** The scenario with defaults filled in, checked; the nearest valid one when it fails. */
export function checkScenario(input: JsonObject): Checked {
  const problems: Problem[] = []
  // Cut an over-long flow list before filling in thousands of groups (a hostile link's cheap trick).
  const maxGroups = schema.properties?.flows?.maxItems ?? 64
  if (Array.isArray(input.flows) && input.flows.length > maxGroups) {
    problems.push(problem('bad-length', { field: 'flows', min: 1, max: maxGroups, got: input.flows.length }))
    input = { ...input, flows: input.flows.slice(0, maxGroups) }
  }
  let s = expandScenario(input)
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const errors = schemaErrors(s)
    if (errors.length === 0) {
      const total = totalFlows(s)
      if (total <= MAX_TOTAL_FLOWS) return { scenario: s, problems: dedupe(problems) }
      problems.push(problem('total-flows', { max: MAX_TOTAL_FLOWS, total }))
      scaleFlows(s, total)
      continue
    }
    for (const e of errors) {
      const p = explainAndFix(s, e)
      if (p !== null) problems.push(p)
    }
    s = expandScenario(s)
  }
  return { scenario: defaultScenario(), problems: dedupe([...problems, problem('unrepairable')]) }
}

function expandScenario(s: JsonObject): JsonObject {
  const full = expand(schema, clone(s))
  return isObject(full) ? full : defaultScenario()
}

function schemaErrors(s: JsonObject): ErrorObject[] {
  return schemaValidate(s) ? [] : (schemaValidate.errors ?? []).filter((e) => e.keyword !== 'if')
}

/** Shrinks every group in proportion so the total fits (each keeps at least one flow). */
function scaleFlows(s: JsonObject, total: number): void {
  const flows = s.flows
  if (!Array.isArray(flows)) return
  for (const g of flows) {
    if (isObject(g) && typeof g.count === 'number')
      g.count = Math.max(1, Math.floor((g.count * MAX_TOTAL_FLOWS) / total))
  }
}

/** JSON pointer → path, numbers where the value is an array. */
function pathOf(pointer: string, root: Json): (string | number)[] {
  if (pointer === '') return []
  const path: (string | number)[] = []
  let v: Json | undefined = root
  for (const raw of pointer.slice(1).split('/')) {
    const seg = raw.replace(/~1/g, '/').replace(/~0/g, '~')
    if (Array.isArray(v) && /^\d+$/.test(seg)) {
      path.push(Number(seg))
      v = v[Number(seg)]
    } else {
      path.push(seg)
      v = isObject(v) ? v[seg] : undefined
    }
  }
  return path
}

/** Resets a field to its default: deletes it (expand refills it); an array item of objects becomes {}. */
function resetAt(s: JsonObject, path: (string | number)[]): void {
  if (path.length === 0) return
  const last = path[path.length - 1]
  if (typeof last === 'number') {
    const parent = path.slice(0, -1)
    if (nodeAt(parent, s)?.items && typeOf(nodeAt([...parent, last], s) ?? {}).includes('object')) setAt(s, path, {})
    else resetAt(s, parent)
    return
  }
  setAt(s, path, undefined)
}

function show(v: Json | undefined): string {
  return excerpt(v === undefined ? 'nothing' : JSON.stringify(v))
}

function param(e: ErrorObject, name: string): unknown {
  const p: unknown = e.params
  return isObject(p) ? p[name] : undefined
}

function kindsAt(path: (string | number)[], s: JsonObject): string {
  const node = nodeAt(path, s)
  return (node?.oneOf ?? []).map((b) => String(b.properties?.kind?.const)).join(', ')
}

/** One ajv error as a problem, after fixing the scenario in place; null when there is nothing to say. */
function explainAndFix(s: JsonObject, e: ErrorObject): Problem | null {
  const path = pathOf(e.instancePath, s)
  const field = excerpt(fieldName(path), 80)
  const value = getAt(s, path)
  switch (e.keyword) {
    case 'additionalProperties': {
      const name = String(param(e, 'additionalProperty'))
      setAt(s, [...path, name], undefined)
      return problem('unknown-field', { field: excerpt(fieldName([...path, name]), 80) })
    }
    case 'discriminator': {
      const tag = String(param(e, 'tag') ?? 'kind')
      const got = getAt(s, [...path, tag])
      const known = kindsAt(path, s)
      resetAt(s, path)
      return problem('unknown-kind', { field: fieldName([...path, tag]), value: excerpt(String(got)), known })
    }
    case 'type': {
      const expected = String(param(e, 'type'))
      if (expected.includes('integer') && typeof value === 'number' && Number.isFinite(value)) {
        setAt(s, path, Math.round(value))
        return problem('not-integer', { field, got: value })
      }
      resetAt(s, path)
      return problem('wrong-type', { field, expected: expected.replace(',', ' or ') })
    }
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum': {
      const node = nodeAt(path, s)
      const limit = Number(param(e, 'limit'))
      const min = e.keyword.endsWith('inimum') ? limit : (node?.minimum ?? limit)
      const max = e.keyword.endsWith('aximum') ? limit : (node?.maximum ?? limit)
      setAt(s, path, e.keyword.endsWith('inimum') ? min : max)
      return problem('out-of-range', { field, min, max, got: show(value) })
    }
    case 'enum':
    case 'const': {
      const node = nodeAt(path, s)
      const choices = (node?.enum ?? [param(e, 'allowedValue')]).map((c) => String(c)).join(', ')
      resetAt(s, path)
      return problem('bad-choice', { field, choices, got: show(value) })
    }
    case 'required': {
      const missing = String(param(e, 'missingProperty'))
      resetAt(s, path)
      return problem('required', { field: fieldName([...path, missing]) })
    }
    case 'minItems':
    case 'maxItems': {
      const node = nodeAt(path, s)
      const got = Array.isArray(value) ? value.length : 0
      if (e.keyword === 'maxItems' && Array.isArray(value) && node?.maxItems !== undefined) value.length = node.maxItems
      else resetAt(s, path)
      return problem('bad-length', { field, min: node?.minItems ?? 0, max: node?.maxItems ?? got, got })
    }
    default:
      resetAt(s, path)
      return problem('invalid', { field })
  }
}
