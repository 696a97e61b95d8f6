// Editing the scenario's link, flows and seed before they are applied. The draft is the engine's own
// scenario JSON (engine-wasm/src/scenario.rs), edited by path; paths are spelled the way the engine's
// validation messages name fields ("link.rate_mbps", "flows[0].count"), so a refusal finds its field.
// The engine is the one validator; the page only catches what JSON cannot carry (text that is not a
// number, a fraction where the engine reads an integer).

import { deepEqual, getAt, isObject, withAt, type Json, type JsonObject } from '../scenario/json'
import { TAB_MAX_FLOWS, totalFlows } from '../scenario/limits'
import { steps, type StepList } from './linkSchedule'
import { ccFields, CONGESTION_CONTROLS } from './congestionControls'
import { applies, catalogPath, choicesOf, declAt, freshObject, pathAt, placed } from '../scenario/fields'
import { aqmUnderProfile, profileOf } from '../scenario/profiles'

const TRAFFIC = 'flows[].traffic'

/** The traffic kinds (the union's kinds, in the engine's order). */
export const TRAFFIC_KINDS: readonly string[] = choicesOf(TRAFFIC)
export type TrafficKind = string

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
  return isObject(t) && isTrafficKind(t.kind) ? t.kind : (TRAFFIC_KINDS[0] ?? '')
}

/** Switches a group's traffic; a rate typed for one UDP kind carries over to the next. */
export function setTrafficKind(draft: JsonObject, index: number, kind: TrafficKind): JsonObject {
  const path = pathAt(TRAFFIC, [index])
  const old = getAt(draft, path)
  const next = freshObject(TRAFFIC, kind)
  if ('rate_mbps' in next && isObject(old) && typeof old.rate_mbps === 'number') next.rate_mbps = old.rate_mbps
  return withAt(draft, path, next)
}

/** Changes the buffer's unit and converts its size with the link's mean packet size. */
export function setBufferUnit(draft: JsonObject, unit: string): JsonObject {
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

/** The editor groups drawn once per flow group, per schedule row, or once. */
const FLOW_GROUPS = ['flows', 'flows.more']
const STEP_GROUPS = { rate_schedule: 'schedule.rate_step', delay_schedule: 'schedule.delay_step' } as const
const ONCE = ['run', 'run.seed', 'run.profile', 'link', 'schedule.slots', 'schedule.reverse']

/** The paths a group's fields edit in this draft (a union's kind at `<path>.kind`, a range's two ends). */
function groupPaths(group: string, draft: JsonObject, at: readonly number[]): string[] {
  return placed(group)
    .filter((f) => applies(f, draft, at))
    .flatMap((f) => {
      const path = pathAt(f.path, at)
      if (f.type === 'range') return [`${path}[0]`, `${path}[1]`]
      return [f.type === 'union' ? `${path}.kind` : path]
    })
}

/** Every path the editor shows a field for (number fields and choices). */
export function editorPaths(draft: JsonObject): string[] {
  const paths = ONCE.flatMap((g) => groupPaths(g, draft, []))
  for (const [list, group] of Object.entries(STEP_GROUPS))
    steps(draft, list as StepList).forEach((_, i) => paths.push(...groupPaths(group, draft, [i])))
  paths.push('flows')
  flowGroups(draft).forEach((g, i) => {
    paths.push(...FLOW_GROUPS.flatMap((group) => groupPaths(group, draft, [i])))
    paths.push(
      ...ccFields(String(g.tcp ?? declAt('flows[].tcp')?.default ?? ''), i).map((c) =>
        c.kind === 'number' ? c.spec.path : c.path,
      ),
    )
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

/** The label key of a congestion control's number parameter kept at `key` of a flow group. */
function ccLabel(key: string): string | undefined {
  const param = CONGESTION_CONTROLS.flatMap((c) => c.params).find(
    (p) => p.path === key && !p.boolean && (p.choices?.length ?? 0) === 0,
  )
  return param === undefined ? undefined : `flows.${param.name}`
}

/**
 * How the form labels the field at an engine path: the catalogue key of its label (namespace app) and,
 * for a flow group's field, the group's number as the form shows it (1-based); null for a field the
 * editor does not show.
 */
export function fieldLabelKey(path: string): { key: string; group?: number } | null {
  const union = path.endsWith('.kind') ? path.slice(0, -'.kind'.length) : path
  const { path: generic, at, end } = catalogPath(union)
  const label = declAt(generic)?.place?.label
  const cc = generic.startsWith('flows[].') ? ccLabel(generic.slice('flows[].'.length)) : undefined
  const key = label === undefined ? cc : end === undefined ? label : `${label}${end === 0 ? 'Min' : 'Max'}`
  if (key === undefined) return null
  return generic.startsWith('flows[]') ? { key, group: (at[0] ?? 0) + 1 } : { key }
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
