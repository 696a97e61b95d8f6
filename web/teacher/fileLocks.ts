// Worksheet mode when a student opens a scenario file (picked or dropped): only the parts the teacher's
// link leaves free are taken from the file; what it locks (or hides) stays as the lab runs it. The names are
// teacherView.ts's: the controls `link`, `flows`, `run` (seed, duration, warm-up, sampling), `aqm` (the
// algorithm), `params` (all its parameters), or one parameter by its engine name.
import type { JsonObject } from '../scenario/json'
import { isLocked, isParamLocked, type TeacherView } from '../scenario/teacherView'

const RUN_KEYS = ['seed', 'duration', 'warmup', 'sample_interval'] as const

const isObj = (x: unknown): x is JsonObject => typeof x === 'object' && x !== null && !Array.isArray(x)

export interface Locked {
  scenario: JsonObject
  /** The locked names whose value in the file was not taken (it differed from what runs). */
  kept: string[]
}

/** `file` with every part `view` locks taken from `running` instead. */
export function keepLocked(running: JsonObject, file: JsonObject, view: TeacherView): Locked {
  const out: JsonObject = { ...file }
  const kept: string[] = []
  const differs = (a: unknown, b: unknown) => JSON.stringify(a) !== JSON.stringify(b)
  const keep = (name: string, keys: readonly string[]) => {
    if (!isLocked(name, view)) return
    if (keys.some((k) => differs(running[k], file[k]))) kept.push(name)
    for (const k of keys) {
      if (k in running) out[k] = running[k]
      else delete out[k]
    }
  }
  keep('link', ['link'])
  keep('flows', ['flows'])
  keep('run', RUN_KEYS)
  const now = isObj(running.aqm) ? running.aqm : { kind: 'droptail' }
  const asked = isObj(file.aqm) ? file.aqm : { kind: 'droptail' }
  if (isLocked('aqm', view) && asked.kind !== now.kind) {
    // Another algorithm's parameters mean nothing to the locked one: the algorithm stays as it runs.
    kept.push('aqm')
    out.aqm = now
    return { scenario: out, kept }
  }
  const aqm: JsonObject = { ...asked }
  if (asked.kind === now.kind) {
    for (const name of new Set([...Object.keys(now), ...Object.keys(asked)])) {
      if (name === 'kind' || !isParamLocked(name, view)) continue
      if (differs(now[name], asked[name])) kept.push(name)
      if (name in now) aqm[name] = now[name]
      else delete aqm[name]
    }
  }
  out.aqm = aqm
  return { scenario: out, kept }
}
