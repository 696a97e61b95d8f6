// One number field of the scenario editor: what it edits (NumberSpec), the range the engine allows there,
// and what a person typed into it, read at once as the engine would on Apply.
import { nodeAt, parseFieldName } from '../scenario/model'
import { catalogPath, declAt } from '../scenario/fields'

/** A number field of the editor. `label` is a catalogue key; `unit` is a unit as the engine names it. */
export interface NumberSpec {
  path: string
  label: string
  unit: string
  /** The engine reads an unsigned integer here. */
  integer?: boolean
  /** Empty means "none" (JSON null), e.g. a group that never stops. */
  optional?: boolean
  /** Catalogue key of what an empty optional field means (default: flows.stopNever, "never"). */
  emptyLabel?: string
  /** Values for the label's placeholders (a row number in a list of steps). */
  labelValues?: Record<string, string | number>
}

/** The range the scenario schema (the engine's own limits) allows at a field's path; absent ends are open. */
export interface Bounds {
  min?: number
  max?: number
}

/** The schema's bounds for an editor field ("flows[0].count" → 1..10000); {} where the schema gives none here. */
export function fieldBounds(path: string): Bounds {
  const parsed = parseFieldName(path)
  const node = parsed === null ? null : nodeAt(parsed, {})
  // The catalogue's fixed bounds where the schema has none (a field of a build with more fields than the schema's).
  const decl = node === null ? declAt(catalogPath(path).path) : undefined
  return { min: node?.minimum ?? decl?.min ?? undefined, max: node?.maximum ?? decl?.max ?? undefined }
}

/** Reads what a person typed into a field: a number, null (empty optional field) or a reason it is not one. */
export type FieldInput = { ok: true; value: number | null } | { ok: false; reason: 'number' | 'whole' | 'range' }

/**
 * Checks at once what the engine would refuse on Apply (as the parameter panel does): not a number, a
 * fraction where a whole number is read, a value outside the schema's range.
 */
export function readFieldInput(
  text: string,
  spec: Pick<NumberSpec, 'integer' | 'optional'>,
  bounds: Bounds = {},
): FieldInput {
  const t = text.trim()
  if (t === '' && spec.optional) return { ok: true, value: null }
  const v = t === '' ? Number.NaN : Number(t)
  if (!Number.isFinite(v)) return { ok: false, reason: 'number' }
  if ((bounds.min !== undefined && v < bounds.min) || (bounds.max !== undefined && v > bounds.max))
    return { ok: false, reason: 'range' }
  if (spec.integer && (!Number.isSafeInteger(v) || v < 0)) return { ok: false, reason: 'whole' }
  return { ok: true, value: v }
}
