// The engine has the final word on a scenario (cross-field rules the schema cannot state: RTT at least
// twice the link delay, RED's min_th below max_th, thresholds within the buffer, ...). When it refuses,
// this finds the nearest scenario it accepts from its typed problem (scenario/engineProblem.ts), which
// names the field and, for ranges, the allowed range: clamp into the range, or reset the named AQM
// parameter, then the AQM, and as a last resort take the defaults.
import {
  aqmDefaults,
  clone,
  deepEqual,
  defaultScenario,
  getAt,
  isObject,
  parseFieldName,
  setAt,
  type JsonObject,
} from './model'
import { dedupe, problem, type Problem } from './problems'
import { parseValidation, type EngineProblem } from './engineProblem'

/** The engine's validate_scenario: "" when valid, else the JSON of its problem. */
export type EngineValidate = (scenarioJson: string) => string

export interface EngineChecked {
  scenario: JsonObject
  problems: Problem[]
}

const MAX_STEPS = 16

function safeValidate(validate: EngineValidate, s: JsonObject): EngineProblem | null {
  try {
    return parseValidation(validate(JSON.stringify(s)))
  } catch (e) {
    return { kind: 'constraint', field: '', message: e instanceof Error ? e.message : String(e) }
  }
}

/** The AQM parameters a problem is about: its field and the field its bound comes from. */
function aqmParams(p: EngineProblem): string[] {
  return [p.field, p.other ?? ''].filter((f) => f.startsWith('aqm.')).map((f) => f.slice(4).split('[')[0])
}

/** One step towards a scenario the engine accepts; false when the problem gives nothing to act on. */
function fixOnce(s: JsonObject, p: EngineProblem): boolean {
  const path = p.kind === 'out_of_range' && !p.field.startsWith('aqm.') ? parseFieldName(p.field) : null
  if (path !== null) {
    const v = getAt(s, path)
    const { lo, hi } = p
    if (typeof v !== 'number' || lo === undefined || hi === undefined || !Number.isFinite(lo) || !Number.isFinite(hi))
      return false
    const clamped = Math.min(Math.max(v, lo), hi)
    if (clamped === v) return false
    setAt(s, path, clamped)
    return true
  }
  if (p.field.startsWith('aqm') && isObject(s.aqm) && typeof s.aqm.kind === 'string') {
    const aqm = s.aqm
    const defaults = aqmDefaults(String(aqm.kind))
    for (const w of aqmParams(p)) {
      if (w === 'kind' || !(w in defaults) || deepEqual(getAt(aqm, [w]), defaults[w])) continue
      aqm[w] = clone(defaults[w])
      return true
    }
    if (!deepEqual(aqm, defaults)) {
      s.aqm = defaults
      return true
    }
    const fallback = getAt(defaultScenario(), ['aqm'])
    if (fallback !== undefined && !deepEqual(aqm, fallback)) {
      s.aqm = clone(fallback)
      return true
    }
  }
  return false
}

/** The scenario if the engine accepts it, else the nearest one it accepts, with the engine's messages. */
export function repairWithEngine(scenario: JsonObject, validate: EngineValidate): EngineChecked {
  const s = clone(scenario)
  const problems: Problem[] = []
  for (let step = 0; step < MAX_STEPS; step++) {
    const refusal = safeValidate(validate, s)
    if (refusal === null) return { scenario: s, problems: dedupe(problems) }
    problems.push({ ...problem('engine', { message: refusal.message }), engine: refusal })
    if (!fixOnce(s, refusal)) break
  }
  return { scenario: defaultScenario(), problems: dedupe([...problems, problem('unrepairable')]) }
}
