// Which committed ns-3 cases (validation/cases) vouch for a preset, and what they say. A case vouches for one
// side of a preset only when it names that side (`preset: {id, side}`) and ran exactly that side's scenario
// (the one the page runs for it, web/catalog/patch.ts) under the case's profile; a preset shows a badge
// only when every one of its sides has such a case, all under one profile. Nothing is matched by likeness
// (same discipline, same rate): a case of another scenario says nothing about this one. The counts are the
// recorded verdicts that engine-wasm/tests/validation_ns3.rs asserts on every `cargo test` (a metric agrees
// unless the case records a gap for it), so the gallery shows them without running anything
// (docs/validation.md).
import { deepEqual, type JsonObject } from '../scenario/json'
import { sideCount, sideScenario } from '../catalog/patch'
import type { Preset } from '../catalog/types'
import { loadCases, recordedGap, type ValidationCase } from './cases'
import { VALIDATION_METRICS } from './compare'

/** What one case says: the metrics it compared and those within tolerance of ns-3. */
export interface CaseAgreement {
  caseId: string
  /** Metric ids within tolerance (no recorded gap). */
  agree: string[]
  /** Metric ids compared (drops only where ns-3 counts at least 100). */
  compared: string[]
}

export interface Agreement {
  /** The profile every side's case ran under ("ns3"). */
  profile: string
  /** One per side of the preset, in side order. */
  sides: CaseAgreement[]
  /** Metric comparisons within tolerance, over every side. */
  agree: number
  /** Metric comparisons made, over every side. */
  compared: number
  /** Metrics within tolerance on every side, in the page's metric order. */
  agreeEverywhere: string[]
}

/** The recorded agreement of one case. */
export function recordedAgreement(c: ValidationCase): CaseAgreement {
  const compared = VALIDATION_METRICS.filter((m) => {
    const v = c.ns3.metrics[m.id]
    return typeof v === 'number' && Number.isFinite(v) && v >= m.minReference
  }).map((m) => m.id)
  const agree = compared.filter((id) => recordedGap(c, id) === null)
  return { caseId: c.id, agree, compared }
}

/** The profile a case's scenario runs under ("paper" when it names none). */
export function caseProfile(c: ValidationCase): string {
  return typeof c.scenario.profile === 'string' ? c.scenario.profile : 'paper'
}

/** True when `c` ran side `k` of `preset` exactly: the side's scenario with the case's profile. */
export function isCaseOfSide(c: ValidationCase, preset: Preset, k: number): boolean {
  if (c.preset?.id !== preset.id || c.preset.side !== k) return false
  const side: JsonObject = { ...sideScenario(preset, k), profile: caseProfile(c) }
  return deepEqual(c.scenario, side)
}

/** The agreement a preset's badge states; null (no badge) unless every side has its own case under one profile. */
export function presetAgreement(
  preset: Preset,
  cases: readonly ValidationCase[] = (bundled ??= loadCases().cases),
): Agreement | null {
  const sides: ValidationCase[] = []
  for (let k = 0; k < sideCount(preset); k++) {
    const c = cases.find((x) => isCaseOfSide(x, preset, k))
    if (c === undefined) return null
    sides.push(c)
  }
  const profile = caseProfile(sides[0])
  if (sides.some((c) => caseProfile(c) !== profile)) return null
  const each = sides.map(recordedAgreement)
  const agreeEverywhere = VALIDATION_METRICS.map((m) => m.id).filter((id) =>
    each.every((a) => a.compared.includes(id) && a.agree.includes(id)),
  )
  return {
    profile,
    sides: each,
    agree: each.reduce((n, a) => n + a.agree.length, 0),
    compared: each.reduce((n, a) => n + a.compared.length, 0),
    agreeEverywhere,
  }
}

let bundled: ValidationCase[] | undefined
