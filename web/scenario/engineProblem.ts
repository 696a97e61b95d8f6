// The engine's refusals as data (engine-wasm/src/problem.rs): what kind of rule failed, the field's path
// in the scenario JSON, the bounds, the unit and the value it got. The page words them in the reader's
// language from the `problems` catalogue and names the field as the form labels it; the engine's English
// sentence (`message`) is only the fallback for a kind this page does not know.
import { catalog, type ProblemKind } from '../contract/engine'

/** The kinds of refusal, as the engine declares them (`problem_kinds` of web/contract/engine.ts). */
export const PROBLEM_KINDS = catalog.problem_kinds

export type { ProblemKind }

export interface EngineProblem {
  kind: ProblemKind
  /** Path in the scenario JSON ("link.rate_mbps", "flows[0].count", "aqm.max_th"); "" for none. */
  field: string
  lo?: number
  hi?: number
  unit?: string
  got?: number
  /** The field a bound comes from. */
  other?: string
  /** How the bound follows from `other`: "twice", "after", "not_below", "not_before". */
  rule?: string
  /** The unknown key, choice or parameter as written. */
  name?: string
  expected?: string[]
  /** The engine's English sentence. */
  message: string
}

const isNumOrAbsent = (x: unknown) => x === undefined || typeof x === 'number'
const isStrOrAbsent = (x: unknown) => x === undefined || typeof x === 'string'

function isObj(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x)
}

export function isEngineProblem(p: unknown): p is EngineProblem {
  if (!isObj(p)) return false
  return (
    PROBLEM_KINDS.some((k) => k === p.kind) &&
    typeof p.field === 'string' &&
    typeof p.message === 'string' &&
    [p.lo, p.hi, p.got].every(isNumOrAbsent) &&
    [p.unit, p.other, p.rule, p.name].every(isStrOrAbsent) &&
    (p.expected === undefined || (Array.isArray(p.expected) && p.expected.every((e) => typeof e === 'string')))
  )
}

/** The engine's validate_scenario answer: null when it accepts, else its problem. */
export function parseValidation(answer: string): EngineProblem | null {
  if (answer === '') return null
  try {
    const v: unknown = JSON.parse(answer)
    if (isEngineProblem(v)) return v
  } catch {
    // An engine older than typed problems answered with its sentence; keep it as a problem without a field.
  }
  return { kind: 'constraint', field: '', message: answer }
}

/** The typed problem a wasm call threw (`error.problem`), if it carries one. */
export function problemOfError(e: unknown): EngineProblem | undefined {
  if (typeof e !== 'object' || e === null || !('problem' in e)) return undefined
  const p: unknown = e.problem
  return isEngineProblem(p) ? p : undefined
}
