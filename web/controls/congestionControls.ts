// The congestion controls the engine declares (web/contract/engine.ts, from engine-wasm/src/tcp/registry.rs):
// the flow editor's variant list and each variant's own parameters come from here, so a new congestion control
// and its parameters need no page code. A parameter's label is the catalogue's words when they have it
// (`flows.<name>`), else the engine's own label.
import { catalog } from '../contract/engine'
import { getAt, withAt, isObject, type Json, type JsonObject } from '../scenario/json'
import type { NumberSpec } from './fieldInput'
import type { ParamSchema } from '../engine/protocol'

/** One congestion control as the engine declares it. */
export interface CcDeclaration {
  name: string
  label: string
  citation: string
  summary: string
  model_state: boolean
  params: readonly CcParamDeclaration[]
}

/** One parameter of a congestion control: its spec (a choice's `default` is its index), and its path relative
 * to the flow group. */
export interface CcParamDeclaration extends ParamSchema {
  choices?: readonly string[]
  place: 'group' | 'cc_params'
  path: string
}

/** Every congestion control of this build, in picker order. */
export const CONGESTION_CONTROLS: readonly CcDeclaration[] = catalog.congestion_controls

/** The names of the congestion controls, in picker order. */
export const TCP_VARIANTS: readonly string[] = CONGESTION_CONTROLS.map((c) => c.name)

export function congestionControl(name: string, list: readonly CcDeclaration[] = CONGESTION_CONTROLS) {
  return list.find((c) => c.name === name)
}

/** What one parameter of the group's congestion control looks like in the editor. */
export type CcField =
  | { kind: 'number'; spec: NumberSpec; param: CcParamDeclaration }
  | { kind: 'switch'; path: string; param: CcParamDeclaration }
  | { kind: 'choice'; path: string; param: CcParamDeclaration }

/** The editor's fields for group `index` running `variant`'s parameters. */
export function ccFields(
  variant: string,
  index: number,
  list: readonly CcDeclaration[] = CONGESTION_CONTROLS,
): CcField[] {
  const cc = congestionControl(variant, list)
  return (cc?.params ?? []).map((param) => {
    const path = `flows[${index}].${param.path}`
    if (param.choices !== undefined && param.choices.length > 0) return { kind: 'choice', path, param }
    if (param.boolean) return { kind: 'switch', path, param }
    const spec: NumberSpec = {
      path,
      label: `flows.${param.name}`,
      labelValues: { defaultValue: param.label },
      unit: param.unit,
      integer: param.integer,
    }
    return { kind: 'number', spec, param }
  })
}

/** The value a group gives a parameter: what it holds, else the declared default (a choice's name). */
export function ccValue(draft: Json, path: string, param: CcParamDeclaration): Json {
  const v = getAt(draft, path)
  if (v !== undefined) return v
  if (param.choices !== undefined && param.choices.length > 0) return param.choices[param.default] ?? null
  return param.boolean ? param.default !== 0 : param.default
}

/**
 * Switches group `index` to `variant`. The parameters the old variant kept in `cc_params` are dropped (the
 * engine refuses a key the new variant does not declare); the group's own fields stay as they are.
 */
export function setVariant(draft: JsonObject, index: number, variant: string): JsonObject {
  const next = withAt(draft, `flows[${index}].tcp`, variant)
  const group = getAt(next, `flows[${index}]`)
  if (!isObject(group) || group.cc_params === undefined) return next
  const rest = Object.fromEntries(Object.entries(group).filter(([k]) => k !== 'cc_params'))
  return withAt(next, `flows[${index}]`, rest)
}
