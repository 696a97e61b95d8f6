// Editing the scenario's link, flows and seed before they are applied. The draft is the engine's own
// scenario JSON (engine-wasm/src/scenario.rs), edited by path; paths are spelled the way the engine's
// validation messages name fields ("link.rate_mbps", "flows[0].count"), so a refusal finds its field.
// The engine is the one validator; the page only catches what JSON cannot carry (text that is not a
// number, a fraction where the engine reads an integer).

import { deepEqual, getAt, isObject, withAt, type Json, type JsonObject } from '../scenario/json'
import { flowGroupNode, nodeAt, parseFieldName, schema } from '../scenario/model'
import { TAB_MAX_FLOWS, totalFlows } from '../scenario/limits'
import { scheduleFields } from './linkSchedule'
import { ccFields, TCP_VARIANTS as CC_NAMES } from './congestionControls'
import { aqmUnderProfile, profileOf } from '../scenario/profiles'

/** The values of one enumerated field of the schema (the engine's own list, so a new variant appears by itself). */
function schemaEnum(node: { enum?: unknown[] } | undefined): string[] {
  return (node?.enum ?? []).filter((v): v is string => typeof v === 'string')
}

/** Loss recovery after fast retransmit (flow field `recovery`). */
export const RECOVERY_KINDS: readonly string[] = schemaEnum(flowGroupNode.properties?.recovery)
/** Which implementation the lab behaves like (scenario field `profile`). */
export const PROFILES: readonly string[] = schemaEnum(schema.properties?.profile)
export const TRAFFIC_KINDS = ['ftp', 'http', 'cbr', 'poisson', 'on_off'] as const
export const BUFFER_UNITS = ['packets', 'bytes'] as const
export type TrafficKind = (typeof TRAFFIC_KINDS)[number]

/** Defaults for a traffic kind's own fields (the engine's, for HTTP; a modest rate for UDP). */
const TRAFFIC_DEFAULTS: Record<TrafficKind, JsonObject> = {
  ftp: { kind: 'ftp' },
  http: { kind: 'http', mean_object_kb: 12, shape: 1.2, think_s: 1 },
  cbr: { kind: 'cbr', rate_mbps: 1 },
  poisson: { kind: 'poisson', rate_mbps: 1 },
  on_off: { kind: 'on_off', rate_mbps: 1, on_s: 0.5, off_s: 0.5 },
}

export function isTrafficKind(x: unknown): x is TrafficKind {
  return TRAFFIC_KINDS.some((k) => k === x)
}

export function numberAt(tree: Json, path: string): number | null {
  const v = getAt(tree, path)
  return typeof v === 'number' ? v : null
}

// ---- the draft --------------------------------------------------------------------------

export function flowGroups(draft: JsonObject): JsonObject[] {
  const flows = draft.flows
  return Array.isArray(flows) ? flows.filter(isObject) : []
}

export function trafficKind(group: JsonObject): TrafficKind {
  const t = group.traffic
  return isObject(t) && isTrafficKind(t.kind) ? t.kind : 'ftp'
}

/** Switches a group's traffic; a rate typed for one UDP kind carries over to the next. */
export function setTrafficKind(draft: JsonObject, index: number, kind: TrafficKind): JsonObject {
  const old = getAt(draft, `flows[${index}].traffic`)
  const next: JsonObject = { ...TRAFFIC_DEFAULTS[kind] }
  if ('rate_mbps' in next && isObject(old) && typeof old.rate_mbps === 'number') next.rate_mbps = old.rate_mbps
  return withAt(draft, `flows[${index}].traffic`, next)
}

/** Changes the buffer's unit and converts its size with the link's mean packet size. */
export function setBufferUnit(draft: JsonObject, unit: (typeof BUFFER_UNITS)[number]): JsonObject {
  const from = getAt(draft, 'link.buffer_unit') ?? 'packets'
  if (from === unit) return draft
  const size = numberAt(draft, 'link.buffer')
  const pkt = numberAt(draft, 'link.mean_pkt_size') ?? 1000
  let next = withAt(draft, 'link.buffer_unit', unit)
  if (size !== null && Number.isFinite(size)) {
    next = withAt(next, 'link.buffer', unit === 'bytes' ? Math.round(size * pkt) : Math.max(1, Math.round(size / pkt)))
  }
  return next
}

/** Turns ATM mode on ({}: cells at the line rate) or off (the field left out, as in every scenario without it). */
export function setAtm(draft: JsonObject, on: boolean): JsonObject {
  const link = isObject(draft.link) ? draft.link : {}
  if (on) return isObject(link.atm) ? draft : { ...draft, link: { ...link, atm: {} } }
  const rest = Object.fromEntries(Object.entries(link).filter(([k]) => k !== 'atm'))
  return { ...draft, link: rest }
}

/** Adds a group like the last one, so a mix of TCP variants is one change of variant away. */
export function addFlowGroup(draft: JsonObject): JsonObject {
  const groups = flowGroups(draft)
  const last = groups.at(-1) ?? {}
  return { ...draft, flows: [...groups, { ...last }] }
}

/** Removes a group; the last one stays (a scenario needs at least one). */
export function removeFlowGroup(draft: JsonObject, index: number): JsonObject {
  const groups = flowGroups(draft)
  if (groups.length <= 1) return draft
  return { ...draft, flows: groups.filter((_, i) => i !== index) }
}

/** Same experiment apart from the queue discipline (which changes live, without a rebuild). */
export function sameExceptAqm(a: JsonObject, b: JsonObject): boolean {
  const withoutAqm = (o: JsonObject) => Object.fromEntries(Object.entries(o).filter(([k]) => k !== 'aqm'))
  return deepEqual(withoutAqm(a), withoutAqm(b))
}

/** The scenario to apply: the draft with the live queue discipline of the running scenario. A draft that
 * changes the profile ("Behave as") also gives that discipline the new profile's values (docs/profiles.md). */
export function scenarioToApply(draft: JsonObject, running: JsonObject | null): string {
  const aqm = running?.aqm
  if (aqm === undefined) return JSON.stringify(draft)
  const profile = profileOf(draft)
  const changed = profile !== null && profile !== (profileOf(running ?? {}) ?? 'paper')
  return JSON.stringify({ ...draft, aqm: changed && isObject(aqm) ? aqmUnderProfile(aqm, profile) : aqm })
}

// ---- fields and problems ----------------------------------------------------------------

/** A number field of the editor. `label` is a catalogue key; `unit` is a unit as the engine names it. */
export interface NumberSpec {
  path: string
  label: string
  unit: string
  /** The engine reads an unsigned integer here. */
  integer?: boolean
  /** Empty means "none" (JSON null), e.g. a group that never stops. */
  optional?: boolean
  /** Catalogue key of what an empty optional field means (default: flows.stopNever, "never"). */
  emptyLabel?: string
  /** Values for the label's placeholders (a row number in a list of steps). */
  labelValues?: Record<string, string | number>
}

export function linkFields(draft: JsonObject): NumberSpec[] {
  const unit = getAt(draft, 'link.buffer_unit') === 'bytes' ? 'bytes' : 'packets'
  return [
    { path: 'link.rate_mbps', label: 'link.rate', unit: 'Mbit/s' },
    { path: 'link.delay_ms', label: 'link.delay', unit: 'ms' },
    { path: 'link.buffer', label: 'link.buffer', unit, integer: true },
    { path: 'link.loss_rate', label: 'link.lossRate', unit: '' },
  ]
}

export const SEED_FIELD: NumberSpec = { path: 'seed', label: 'run.seed', unit: '', integer: true }

const TRAFFIC_FIELDS: Record<TrafficKind, Array<Omit<NumberSpec, 'path'> & { key: string }>> = {
  ftp: [],
  http: [
    { key: 'mean_object_kb', label: 'flows.meanObject', unit: 'KB' },
    { key: 'shape', label: 'flows.paretoShape', unit: '' },
    { key: 'think_s', label: 'flows.thinkTime', unit: 's' },
  ],
  cbr: [{ key: 'rate_mbps', label: 'flows.rate', unit: 'Mbit/s' }],
  poisson: [{ key: 'rate_mbps', label: 'flows.meanRate', unit: 'Mbit/s' }],
  on_off: [
    { key: 'rate_mbps', label: 'flows.onRate', unit: 'Mbit/s' },
    { key: 'on_s', label: 'flows.onTime', unit: 's' },
    { key: 'off_s', label: 'flows.offTime', unit: 's' },
  ],
}

export function trafficFields(group: JsonObject, index: number): NumberSpec[] {
  return TRAFFIC_FIELDS[trafficKind(group)].map(({ key, ...f }) => ({ ...f, path: `flows[${index}].traffic.${key}` }))
}

export function groupFields(index: number): { main: NumberSpec[]; timing: NumberSpec[]; more: NumberSpec[] } {
  const p = (k: string) => `flows[${index}].${k}`
  return {
    main: [{ path: p('count'), label: 'flows.count', unit: '', integer: true }],
    timing: [
      { path: p('rtt_ms[0]'), label: 'flows.rttMin', unit: 'ms' },
      { path: p('rtt_ms[1]'), label: 'flows.rttMax', unit: 'ms' },
      { path: p('start_s'), label: 'flows.start', unit: 's' },
      { path: p('start_spread_s'), label: 'flows.startSpread', unit: 's' },
      { path: p('stop_s'), label: 'flows.stop', unit: 's', optional: true },
    ],
    more: [
      { path: p('access_rate_mbps'), label: 'flows.accessRate', unit: 'Mbit/s' },
      { path: p('packet_size'), label: 'flows.packetSize', unit: 'bytes', integer: true },
      { path: p('class'), label: 'flows.serviceClass', unit: '', integer: true },
      { path: p('timer_granularity_ms'), label: 'flows.timerGranularity', unit: 'ms' },
    ],
  }
}

/** The schema's default for a flow-group field (shown while the draft leaves the field out). */
export function flowDefault(key: string): Json | undefined {
  return flowGroupNode.properties?.[key]?.default
}

/** TCP switches of the "More settings" part that every variant has, each with the RFC it implements (a
 * congestion control's own switches come from its declaration: ./congestionControls). */
export const TCP_SWITCHES: readonly string[] = ['sack', 'limited_transmit', 'rack']

/** The number fields of the group's congestion control (Vegas's α, β, γ; none for most). */
function ccNumberFields(group: JsonObject, index: number): NumberSpec[] {
  return ccFields(String(group.tcp ?? flowDefault('tcp') ?? ''), index).flatMap((f) =>
    f.kind === 'number' ? [f.spec] : [],
  )
}

/** The run's length and warm-up (seconds); warm-up empty means the engine's rule (null). */
export const RUN_FIELDS: NumberSpec[] = [
  { path: 'duration', label: 'run.duration', unit: 's' },
  { path: 'warmup', label: 'run.warmup', unit: 's', optional: true, emptyLabel: 'run.warmupAuto' },
]

/** Every path the editor shows a field for (number fields and choices). */
export function editorPaths(draft: JsonObject): string[] {
  const paths = [
    ...linkFields(draft).map((f) => f.path),
    ...scheduleFields(draft).map((f) => f.path),
    'link.buffer_unit',
    'link.atm',
    SEED_FIELD.path,
    'profile',
    ...RUN_FIELDS.map((f) => f.path),
    'flows',
  ]
  flowGroups(draft).forEach((g, i) => {
    const f = groupFields(i)
    paths.push(
      `flows[${i}].tcp`,
      `flows[${i}].traffic.kind`,
      `flows[${i}].ecn`,
      `flows[${i}].delayed_ack`,
      `flows[${i}].whole_segment_cuts`,
    )
    paths.push(`flows[${i}].recovery`, ...TCP_SWITCHES.map((key) => `flows[${i}].${key}`))
    paths.push(
      ...ccFields(String(g.tcp ?? flowDefault('tcp') ?? ''), i).flatMap((c) => (c.kind === 'number' ? [] : [c.path])),
    )
    for (const spec of [...f.main, ...f.timing, ...f.more, ...trafficFields(g, i), ...ccNumberFields(g, i)])
      paths.push(spec.path)
  })
  return paths
}

export { TAB_MAX_FLOWS, totalFlows }

/** Fields holding text that is not a valid value (kept as NaN in the draft), or more flows than a tab holds: nothing is applied while any remain. */
export function unreadableFields(draft: JsonObject): string[] {
  const bad = editorPaths(draft).filter((p) => {
    const v = getAt(draft, p)
    return typeof v === 'number' && !Number.isFinite(v)
  })
  return totalFlows(draft) > TAB_MAX_FLOWS ? [...bad, 'flows'] : bad
}

/** The range the scenario schema (the engine's own limits) allows at a field's path; absent ends are open. */
export interface Bounds {
  min?: number
  max?: number
}

/** The schema's bounds for an editor field ("flows[0].count" → 1..10000); {} where the schema gives none here. */
export function fieldBounds(path: string): Bounds {
  const parsed = parseFieldName(path)
  const node = parsed === null ? null : nodeAt(parsed, {})
  return { min: node?.minimum, max: node?.maximum }
}

/** Reads what a person typed into a field: a number, null (empty optional field) or a reason it is not one. */
export type FieldInput = { ok: true; value: number | null } | { ok: false; reason: 'number' | 'whole' | 'range' }

/**
 * Checks at once what the engine would refuse on Apply (as the parameter panel does): not a number, a
 * fraction where a whole number is read, a value outside the schema's range.
 */
export function readFieldInput(
  text: string,
  spec: Pick<NumberSpec, 'integer' | 'optional'>,
  bounds: Bounds = {},
): FieldInput {
  const t = text.trim()
  if (t === '' && spec.optional) return { ok: true, value: null }
  const v = t === '' ? Number.NaN : Number(t)
  if (!Number.isFinite(v)) return { ok: false, reason: 'number' }
  if ((bounds.min !== undefined && v < bounds.min) || (bounds.max !== undefined && v > bounds.max))
    return { ok: false, reason: 'range' }
  if (spec.integer && (!Number.isSafeInteger(v) || v < 0)) return { ok: false, reason: 'whole' }
  return { ok: true, value: v }
}

/** Catalogue keys (namespace app) of the editor's choice fields, by path with the group index left out. */
const CHOICE_LABELS: Record<string, string> = {
  'link.buffer_unit': 'link.bufferUnit',
  'link.atm': 'link.atm',
  'flows[].tcp': 'flows.tcp',
  'flows[].traffic': 'flows.traffic',
  'flows[].traffic.kind': 'flows.traffic',
}

/**
 * How the form labels the field at an engine path: the catalogue key of its label (namespace app) and,
 * for a flow group's field, the group's number as the form shows it (1-based); null for a field the
 * editor does not show.
 */
export function fieldLabelKey(path: string): { key: string; group?: number } | null {
  const keys = parseFieldName(path)
  if (keys === null) return null
  const group = keys[0] === 'flows' && typeof keys[1] === 'number' ? keys[1] : null
  if (group === null) {
    const spec = [...linkFields({}), ...linkFields({ link: { buffer_unit: 'bytes' } }), SEED_FIELD, ...RUN_FIELDS].find(
      (f) => f.path === path,
    )
    return spec !== undefined
      ? { key: spec.label }
      : CHOICE_LABELS[path] !== undefined
        ? { key: CHOICE_LABELS[path] }
        : null
  }
  const f = groupFields(group)
  const traffic = TRAFFIC_KINDS.flatMap((kind) => trafficFields({ traffic: { kind } }, group))
  const cc = CC_NAMES.flatMap((tcp) => ccNumberFields({ tcp }, group))
  const spec = [...f.main, ...f.timing, ...f.more, ...cc, ...traffic].find((x) => x.path === path)
  const choice = CHOICE_LABELS[path.replace(`flows[${group}]`, 'flows[]')]
  const key = spec?.label ?? choice
  return key === undefined ? null : { key, group: group + 1 }
}

/**
 * Where a refused Apply is shown: beside the field the engine's problem names when the editor shows
 * that field, otherwise beside the Apply button (panics, problems about no one field, hidden fields).
 */
export function applyErrorPlace(
  error: { code: string; problem?: { field: string } } | undefined,
  shownPaths: readonly string[],
): { field: string } | 'apply' | null {
  if (error === undefined) return null
  const field = error.code === 'engine' ? (error.problem?.field ?? null) : null
  return field !== null && shownPaths.includes(field) ? { field } : 'apply'
}
