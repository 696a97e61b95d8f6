// The time-varying link's step lists in the draft (engine-wasm/src/scenario.rs: link.rate_schedule,
// link.delay_schedule): add and remove rows. An empty list is left out of the scenario, so a link without
// steps stays exactly as it was. The rows' fields, the slot pattern and the reverse path are drawn from the
// engine's declarations (./FieldPanel, groups `schedule.*`).
import type { Json, JsonObject } from '../scenario/json'

export type StepList = 'rate_schedule' | 'delay_schedule'

function isObj(x: Json | undefined): x is JsonObject {
  return typeof x === 'object' && x !== null && !Array.isArray(x)
}

function link(draft: JsonObject): JsonObject {
  return isObj(draft.link) ? draft.link : {}
}

function withLink(draft: JsonObject, key: string, value: Json | undefined): JsonObject {
  const rest = Object.fromEntries(Object.entries(link(draft)).filter(([k]) => k !== key))
  return { ...draft, link: value === undefined ? rest : { ...rest, [key]: value } }
}

/** The rows of a step list (objects only). */
export function steps(draft: JsonObject, list: StepList): JsonObject[] {
  const v = link(draft)[list]
  return Array.isArray(v) ? v.filter(isObj) : []
}

const num = (x: Json | undefined, fallback: number): number =>
  typeof x === 'number' && Number.isFinite(x) ? x : fallback

/** Appends a step 10 s after the last one (or at 10 s), at half the rate (or twice the delay) in force before it. */
export function addStep(draft: JsonObject, list: StepList): JsonObject {
  const rows = steps(draft, list)
  const last = rows.at(-1)
  const at_s = num(last?.at_s, 0) + 10
  const l = link(draft)
  const row: JsonObject =
    list === 'rate_schedule'
      ? { at_s, rate_mbps: num(last?.rate_mbps, num(l.rate_mbps, 10)) / 2 }
      : { at_s, delay_ms: 2 * num(last?.delay_ms, num(l.delay_ms, 10)) }
  return withLink(draft, list, [...rows, row])
}

/** Removes row `i`; the list is left out of the scenario once empty. */
export function removeStep(draft: JsonObject, list: StepList, i: number): JsonObject {
  const rows = steps(draft, list).filter((_, k) => k !== i)
  return withLink(draft, list, rows.length > 0 ? rows : undefined)
}

/** Row `i` starts before the row above it (the engine refuses that on Apply; said at once). */
export function outOfOrder(draft: JsonObject, list: StepList, i: number): boolean {
  const rows = steps(draft, list)
  const a = rows[i - 1]?.at_s
  const b = rows[i]?.at_s
  return i > 0 && typeof a === 'number' && typeof b === 'number' && Number.isFinite(a) && Number.isFinite(b) && b < a
}
