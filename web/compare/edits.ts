// A side's edited parameters (a dragged threshold, a key press on a handle): what the side runs now
// against the scenario it was built from, so its title, its replications, the link and the embed code
// describe the edited side, not the preset's.
import type { JsonObject } from '../scenario/json'
import { getOwn, isObject } from '../scenario/json'
import type { AqmConfig } from '../engine/protocol'

/** The numeric AQM parameters of `live` that differ from `baseline` (both flat, as the engine writes them). */
export function aqmChanges(baseline: AqmConfig, live: AqmConfig): Record<string, number> {
  if (baseline.kind !== live.kind) return {}
  const out: Record<string, number> = {}
  for (const [name, v] of Object.entries(live)) {
    if (typeof v === 'number' && baseline[name] !== v) out[name] = v
  }
  return out
}

/**
 * A side's edits relative to the preset's side: the link's edits with the live ones on top, minus any that
 * are back at the preset side's own value (`own`: the side's `aqm` object in its unedited scenario).
 */
export function mergeEdits(
  own: JsonObject | null,
  fromLink: Record<string, number> | undefined,
  live: Record<string, number>,
): Record<string, number> {
  const all = { ...(fromLink ?? {}), ...live }
  return Object.fromEntries(Object.entries(all).filter(([name, v]) => own === null || getOwn(own, name) !== v))
}

/** `scenario` with the edited parameters written into its `aqm` (a copy; unchanged without edits). */
export function withEdits(scenario: JsonObject, edits: Record<string, number> | undefined): JsonObject {
  if (edits === undefined || Object.keys(edits).length === 0) return scenario
  const aqm = getOwn(scenario, 'aqm')
  return { ...scenario, aqm: { ...(isObject(aqm) ? aqm : {}), ...edits } }
}

/** "min_th 35, max_th 85": the edited parameters by the names the scenario file uses. */
export function editsText(edits: Record<string, number>): string {
  return Object.entries(edits)
    .map(([name, v]) => `${name} ${Number(v.toPrecision(6))}`)
    .join(', ')
}
