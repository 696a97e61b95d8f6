// The engine has the final word on a scenario (cross-field rules the schema cannot state: RTT at least
// twice the link delay, RED's min_th below max_th, thresholds within the buffer, ...). When it refuses,
// this finds the nearest scenario it accepts by reading its message, which names the field and, for
// ranges, the allowed range: clamp into the range, or reset the named AQM parameter, then the AQM, and
// as a last resort take the defaults.
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

/** The engine's validate_scenario: "" when valid, else a message naming the field. */
export type EngineValidate = (scenarioJson: string) => string

export interface EngineChecked {
  scenario: JsonObject
  problems: Problem[]
}

const MAX_STEPS = 16
const WITHIN = /^([a-z_][a-z0-9_.[\]]*) must be within (-?[0-9.e+-]+)\.\.=(-?[0-9.e+-]+)/

function safeValidate(validate: EngineValidate, s: JsonObject): string {
  try {
    return validate(JSON.stringify(s))
  } catch (e) {
    return e instanceof Error ? e.message : String(e)
  }
}

/** One step towards a scenario the engine accepts; false when the message gives nothing to act on. */
function fixOnce(s: JsonObject, message: string): boolean {
  const within = WITHIN.exec(message)
  const path = within ? parseFieldName(within[1]) : null
  if (within && path) {
    const v = getAt(s, path)
    const lo = Number(within[2])
    const hi = Number(within[3])
    if (typeof v !== 'number' || !Number.isFinite(lo) || !Number.isFinite(hi)) return false
    const clamped = Math.min(Math.max(v, lo), hi)
    if (clamped === v) return false
    setAt(s, path, clamped)
    return true
  }
  if (message.startsWith('aqm:') && isObject(s.aqm) && typeof s.aqm.kind === 'string') {
    const aqm = s.aqm
    const defaults = aqmDefaults(String(aqm.kind))
    const words = message.match(/[a-z_][a-z0-9_]*/g) ?? []
    for (const w of words) {
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
    const message = safeValidate(validate, s)
    if (message === '') return { scenario: s, problems: dedupe(problems) }
    problems.push(problem('engine', { message }))
    if (!fixOnce(s, message)) break
  }
  return { scenario: defaultScenario(), problems: dedupe([...problems, problem('unrepairable')]) }
}
