// The time-varying link in the draft (engine-wasm/src/scenario.rs: link.rate_schedule, link.rate_slots,
// link.delay_schedule) and the asymmetric reverse path (link.reverse): add and remove rows, turn the slot
// pattern and the reverse path on and off, and the number fields each shows. An empty list or an
// absent object is left out of the scenario, so a link without them stays exactly as it was.
import type { NumberSpec } from './scenarioDraft'
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

/** The engine's defaults for a slot pattern and a reverse path (scenario.rs RateSlots, ReverseLink). */
export const SLOT_DEFAULTS: JsonObject = { start_s: 0, slot_s: 15, min_mbps: 1, max_mbps: 10 }
export const REVERSE_DEFAULTS: JsonObject = { rate_mbps: 1, buffer: 100, ack_size: 40 }

export function setSlots(draft: JsonObject, on: boolean): JsonObject {
  if (on === isObj(link(draft).rate_slots)) return draft
  return withLink(draft, 'rate_slots', on ? { ...SLOT_DEFAULTS } : undefined)
}

export function setReverse(draft: JsonObject, on: boolean): JsonObject {
  if (on === isObj(link(draft).reverse)) return draft
  return withLink(draft, 'reverse', on ? { ...REVERSE_DEFAULTS } : undefined)
}

export const SLOT_FIELDS: NumberSpec[] = [
  { path: 'link.rate_slots.start_s', label: 'schedule.slotsStart', unit: 's' },
  { path: 'link.rate_slots.slot_s', label: 'schedule.slotLength', unit: 's' },
  { path: 'link.rate_slots.min_mbps', label: 'schedule.slotsMin', unit: 'Mbit/s' },
  { path: 'link.rate_slots.max_mbps', label: 'schedule.slotsMax', unit: 'Mbit/s' },
]

export const REVERSE_FIELDS: NumberSpec[] = [
  { path: 'link.reverse.rate_mbps', label: 'schedule.reverseRate', unit: 'Mbit/s' },
  { path: 'link.reverse.buffer', label: 'schedule.reverseBuffer', unit: '', integer: true },
  { path: 'link.reverse.ack_size', label: 'schedule.reverseAck', unit: 'bytes', integer: true },
]

/** The two number fields of row `i` of a step list. */
export function stepFields(list: StepList, i: number): [NumberSpec, NumberSpec] {
  const n = { n: i + 1 }
  const at: NumberSpec = { path: `link.${list}[${i}].at_s`, label: 'schedule.stepAt', unit: 's', labelValues: n }
  const value: NumberSpec =
    list === 'rate_schedule'
      ? { path: `link.rate_schedule[${i}].rate_mbps`, label: 'schedule.stepRate', unit: 'Mbit/s', labelValues: n }
      : { path: `link.delay_schedule[${i}].delay_ms`, label: 'schedule.stepDelay', unit: 'ms', labelValues: n }
  return [at, value]
}

/** Every number field the schedule editor shows for this draft. */
export function scheduleFields(draft: JsonObject): NumberSpec[] {
  const l = link(draft)
  const out: NumberSpec[] = []
  for (const list of ['rate_schedule', 'delay_schedule'] as const)
    steps(draft, list).forEach((_, i) => out.push(...stepFields(list, i)))
  if (isObj(l.rate_slots)) out.push(...SLOT_FIELDS)
  if (isObj(l.reverse)) out.push(...REVERSE_FIELDS)
  return out
}

/** Row `i` starts before the row above it (the engine refuses that on Apply; said at once). */
export function outOfOrder(draft: JsonObject, list: StepList, i: number): boolean {
  const rows = steps(draft, list)
  const a = rows[i - 1]?.at_s
  const b = rows[i]?.at_s
  return i > 0 && typeof a === 'number' && typeof b === 'number' && Number.isFinite(a) && Number.isFinite(b) && b < a
}
