// The parameters a sweep can vary, from the engine's catalogue (web/contract/engine.ts): every numeric
// scenario field, each list's items at once (`flows[*].rwnd`), and every numeric parameter of a queue
// discipline that has a role (docs/parameter-roles.md), by path into the scenario, with which sides each
// applies to. Nothing here names a field: a field or a parameter the engine adds is offered by itself.
import type { TFunction } from 'i18next'
import { catalog } from '../contract/engine'
import { getAll, setAll, toObject, type JsonObject } from '../scenario/json'
import { SCENARIO_FIELDS, type FieldDecl } from '../scenario/fields'
import { paramName, unitName } from '../i18n/names'
import { applies } from '../catalog/conditions'

export interface SweepParam {
  path: string
  integer: boolean
  /** The field's declaration, or the discipline and parameter it names. */
  field?: FieldDecl
  aqm?: { kind: string; name: string; label: string }
  unit: string
  /** A traffic kind's own field: the kinds that have it. */
  kinds?: string[]
}

const NUMBERS = ['number', 'integer', 'optional_number']

/** Every numeric scenario field but the model version, once per path. */
const NUMERIC_FIELDS = SCENARIO_FIELDS.filter((f) => NUMBERS.includes(f.type) && f.path !== 'version')
const FIELD_PARAMS: SweepParam[] = NUMERIC_FIELDS.filter(
  (f, i) => NUMERIC_FIELDS.findIndex((g) => g.path === f.path) === i,
).map((f) => {
  const kinds = NUMERIC_FIELDS.flatMap((g) => (g.path === f.path && g.when_kind !== undefined ? [g.when_kind] : []))
  const path = f.path.replace(/\[\]/g, '[*]')
  return { path, integer: f.type === 'integer', field: f, unit: f.unit, ...(kinds.length > 0 && { kinds }) }
})

/** Every numeric discipline parameter with a role, once per name (the first discipline declaring it names it). */
const AQM_PARAMS: SweepParam[] = catalog.algorithms
  .flatMap((a) =>
    a.params
      .filter((p) => p.role !== 'other' && p.role !== 'switch' && !p.boolean)
      .map((p) => ({
        path: `aqm.${p.name}`,
        integer: p.integer,
        aqm: { kind: a.kind, name: p.name, label: p.label },
        unit: p.unit,
      })),
  )
  .filter((p, i, all) => all.findIndex((q) => q.path === p.path) === i)

export const SWEEP_PARAMS: readonly SweepParam[] = [...FIELD_PARAMS, ...AQM_PARAMS]

export function paramByPath(path: string): SweepParam {
  return SWEEP_PARAMS.find((p) => p.path === path) ?? { path, integer: false, unit: '' }
}

/** A sweep parameter's name in the reader's language (`t` in the app namespace), with its unit; its path if unknown. */
export function sweepParamLabel(t: TFunction, path: string): string {
  const p = paramByPath(path)
  const unit = unitName(t, p.unit)
  const name =
    p.aqm !== undefined
      ? paramName(t, p.aqm.kind, p.aqm)
      : p.field?.place !== undefined
        ? t(p.field.place.label, { defaultValue: p.field.description, n: '*' })
        : (p.field?.description ?? path)
  return unit === '' ? name : `${name} (${unit})`
}

/**
 * Whether sweeping `path` means something on this side: an algorithm parameter only where the side's
 * algorithm has it set; a traffic kind's field only where every group sends a kind that has it; any other
 * field wherever its object exists (a default can be overridden; a part the side leaves out is not added).
 */
export function appliesTo(scenario: JsonObject, path: string): boolean {
  if (path.startsWith('aqm.')) return getAll(scenario, path).length > 0 && aqmParamActs(scenario, path.slice(4))
  const kinds = paramByPath(path).kinds
  if (kinds !== undefined) {
    const sent = getAll(scenario, path.replace(/\.[^.]+$/, '.kind'))
    if (sent.length === 0 || !sent.every((k) => kinds.includes(String(k)))) return false
  }
  return setAll(toObject(scenario), path, 0) > 0
}

/**
 * Whether the side's discipline acts on its parameter `name` under the side's other settings (DualPI2's tshift
 * only under the ts_fifo scheduler: a sweep of it under wrr would draw a flat line).
 */
function aqmParamActs(scenario: JsonObject, name: string): boolean {
  const aqm = toObject(scenario.aqm)
  const info = catalog.algorithms.find((a) => a.kind === aqm.kind)
  const param = info?.params.find((p) => p.name === name)
  return info === undefined || param === undefined || applies(info.params, param, aqm)
}

/** Whether every current value at `path` is a whole number (so typed ranges are rounded). */
export function isWholeNumber(scenario: JsonObject, path: string): boolean {
  const p = SWEEP_PARAMS.find((x) => x.path === path)
  if (p !== undefined) return p.integer
  const values = getAll(scenario, path)
  return values.length > 0 && values.every((v) => typeof v === 'number' && Number.isInteger(v))
}
