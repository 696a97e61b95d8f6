// Scenario profiles on the page (docs/profiles.md): which value each implementation ("paper", "ns2", "ns3",
// "linux") gives the fields it controls, from the engine's own tables (profiles.generated.json, written by
// `npm run gen:profiles` from engine-wasm/src/profile.rs). A scenario JSON means what the engine reads:
// the profile supplies the fields the scenario leaves out (`fillProfile`, the engine's fill_absent), so the
// page, `aqm-cli --profile` and the Validation page run the same model from the same text.
import { clone, getOwn, isObject, setOwn, type Json, type JsonObject } from './json'
import tables from './profiles.generated.json'

interface ProfileTable {
  flow: Record<string, Json>
  /** A congestion control's own parameters (`cc_params`), for the groups running it. */
  cc: Record<string, Record<string, Json> | undefined>
  aqm: Record<string, Record<string, Json> | undefined>
}

const PROFILE_TABLES: Record<string, ProfileTable | undefined> = tables

/** The profile a scenario names ("paper" when absent); null for a name the engine does not know. */
export function profileOf(scenario: JsonObject): string | null {
  const p = getOwn(scenario, 'profile')
  if (p === undefined) return 'paper'
  return typeof p === 'string' && PROFILE_TABLES[p] !== undefined ? p : null
}

/** The values `profile` gives one discipline's parameters ({} for a discipline it does not touch). */
export function profileAqm(profile: string, kind: string): Record<string, Json> {
  return PROFILE_TABLES[profile]?.aqm[kind] ?? {}
}

/** The values `profile` gives a congestion control's own parameters (`cc_params`; {} for one it does not touch). */
export function profileCc(profile: string, tcp: string): Record<string, Json> {
  return PROFILE_TABLES[profile]?.cc[tcp] ?? {}
}

/** The values `profile` gives every flow group's TCP fields. */
export function profileFlow(profile: string): Record<string, Json> {
  return PROFILE_TABLES[profile]?.flow ?? {}
}

function write(obj: JsonObject, table: Record<string, Json>, overwrite: boolean): void {
  for (const [k, v] of Object.entries(table)) if (overwrite || !Object.hasOwn(obj, k)) setOwn(obj, k, clone(v))
}

/**
 * The engine's fill_absent (engine-wasm/src/profile.rs): the scenario's profile supplies every field it
 * controls that the scenario leaves out, in each flow group (an absent `flows` is one default group) and
 * in the `aqm` object; written fields win. "paper" (or no profile) changes nothing; an unknown profile is
 * left for validation to report. Returns a copy.
 */
export function fillProfile(scenario: JsonObject): JsonObject {
  const profile = profileOf(scenario)
  const out = clone(scenario)
  if (profile === null || profile === 'paper') return out
  if (!Object.hasOwn(out, 'flows')) setOwn(out, 'flows', [{}])
  const flows = out.flows
  // A congestion control's own parameters (`cc_params`, the `cc` tables: Prague's rtt_scaling under linux) are
  // left for the engine to fill when it reads the scenario: a group without `cc_params` keeps none here, so a
  // link or file round-trips as written; what runs is the same (web/profileParity.test.ts).
  if (Array.isArray(flows)) for (const g of flows) if (isObject(g)) write(g, profileFlow(profile), false)
  const aqm = out.aqm
  if (isObject(aqm)) write(aqm, profileAqm(profile, typeof aqm.kind === 'string' ? aqm.kind : ''), false)
  return out
}

/** A running discipline's configuration under `profile`: every parameter the profile controls set to its
 * value (the engine's apply_profile on the aqm object), the others kept. */
export function aqmUnderProfile<T extends JsonObject>(aqm: T, profile: string): T {
  const out = clone(aqm)
  write(out, profileAqm(profile, typeof aqm.kind === 'string' ? aqm.kind : ''), true)
  return out
}
