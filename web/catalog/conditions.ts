// Whether a discipline's parameter acts under the settings a configuration holds: the engine declares, per
// parameter, the sibling choice or switch it depends on (`applies_when`, docs/parameter-roles.md: DualPI2's
// tshift only under the ts_fifo scheduler). The parameter panel, the charts' drag handles and the sweep read it
// here, so none of them names a parameter.

/** The engine's declaration: the sibling `param` and the settings under which the parameter acts. */
export interface Condition {
  param: string
  /** Choice names, or `on` / `off` for a switch. */
  values: readonly string[]
}

/** The part of a parameter's catalogue entry a condition needs. */
export interface ConditionedParam {
  name: string
  default: number
  boolean: boolean
  choices?: readonly string[]
  applies_when?: Condition
}

/** A sibling's setting as a condition names it: a switch as `on`/`off`, a choice by name (a number is its index). */
export function settingOf(sibling: ConditionedParam, value: unknown): string | undefined {
  const v = value ?? sibling.default
  if (sibling.boolean) return v === true || v === 1 ? 'on' : 'off'
  if (typeof v === 'string') return v
  return typeof v === 'number' ? sibling.choices?.[v] : undefined
}

/**
 * The condition `param` does not meet under `config` (the discipline's values by name; a sibling left out
 * holds its default), with the sibling's entry; undefined when the parameter acts.
 */
export function unmetCondition<P extends ConditionedParam>(
  params: readonly P[],
  param: ConditionedParam,
  config: Readonly<Record<string, unknown>>,
): { condition: Condition; sibling: P } | undefined {
  const condition = param.applies_when
  if (condition === undefined) return undefined
  const sibling = params.find((p) => p.name === condition.param)
  if (sibling === undefined) return undefined
  const setting = settingOf(sibling, config[sibling.name])
  return setting !== undefined && condition.values.includes(setting) ? undefined : { condition, sibling }
}

/** Whether `param` acts under `config` (see unmetCondition). */
export function applies(
  params: readonly ConditionedParam[],
  param: ConditionedParam,
  config: Readonly<Record<string, unknown>>,
): boolean {
  return unmetCondition(params, param, config) === undefined
}
