// What a sweep page offers when nothing says what to sweep: a preset that defines no sweep of its own, or
// a parameter just chosen. The page then suggests the parameter's values from a quarter to four times the
// value the scenario runs (so the preset's own setting is one of the points), and says that it did.
import type { JsonObject } from '../scenario/json'
import { getAll } from '../scenario/json'
import { appliesTo, isWholeNumber, paramByPath } from './params'

/** The parameters tried, in order, for a preset without a sweep: the buffer, else the link rate. */
const FIRST_CHOICES = ['link.buffer', 'link.rate_mbps'] as const

/** Multiples of the running value the suggestion spans. */
const FACTORS = [0.25, 0.5, 1, 2, 4] as const

/** The value `path` has in `scenario` (the first, for a path over every flow group), or the default the
 *  engine's catalogue declares for it (the value the engine runs when a scenario leaves the field out). */
export function runningValue(scenario: JsonObject, path: string): number | null {
  const v = getAll(scenario, path).find((x) => typeof x === 'number' && Number.isFinite(x))
  if (typeof v === 'number') return v
  // One group's field (`flows[0].count`) has the default of every group's (`flows[*].count`).
  const fallback = paramByPath(path.replace(/\[\d+\]/g, '[*]')).field?.default
  return typeof fallback === 'number' ? fallback : null
}

/** Values around the running value of `path` on `scenario`; [] when it has none to scale. */
export function suggestedValues(scenario: JsonObject, path: string): number[] {
  const v = runningValue(scenario, path)
  if (v === null || v <= 0) return []
  const whole = isWholeNumber(scenario, path)
  const out: number[] = []
  for (const f of FACTORS) {
    const x = whole ? Math.max(1, Math.round(v * f)) : Number((v * f).toPrecision(3))
    if (!out.includes(x)) out.push(x)
  }
  return out
}

/** A side whose buffer is counted in ATM cells by its discipline (GFR's MAX_Q), where link.buffer is unused. */
function cellBuffer(scenario: JsonObject): boolean {
  return getAll(scenario, 'aqm.max_q_cells').length > 0 || getAll(scenario, 'link.atm').length > 0
}

/** The parameter and values offered for sides that come without a sweep. */
export function suggestedSweep(sides: readonly JsonObject[]): { param: string; values: number[] } {
  for (const param of FIRST_CHOICES) {
    if (param === 'link.buffer' && sides.some(cellBuffer)) continue
    if (!sides.every((s) => appliesTo(s, param))) continue
    const values = suggestedValues(sides[0], param)
    if (values.length > 0) return { param, values }
  }
  return { param: 'link.rate_mbps', values: [2.5, 5, 10, 20, 40] }
}
