// The scenario's fields as the engine declares them (web/contract/engine.ts `scenario_fields`, from
// engine-wasm/src/fields.rs): path, type, unit, bounds, default and, for the ones the editor shows, their
// place (group, label key, hint, when they apply). The editors are layouts of these groups (web/controls/FieldPanel.tsx),
// so no path, unit, default or group is spelled on the page. A catalogue path writes list items as `[]`
// (`flows[].traffic.rate_mbps`); `pathAt` fills them in.
import { catalog } from '../contract/engine'
import { getAt, isObject, type Json, type JsonObject } from './json'

/** Where the editor shows a field (engine-wasm/src/fields.rs `Place`). */
export interface FieldPlace {
  group: string
  /** Catalogue key of its label; a range's two ends add `Min` and `Max`. */
  label: string
  help?: string
  /** Key prefix of a choice's option names. */
  options?: string
  /** Shown only while the same list item's traffic is one of these kinds. */
  when_traffic?: readonly string[]
  /** Catalogue key of what an empty optional number means. */
  empty?: string
  /** A new field's first value where the engine has no default. */
  start?: number
}

/** One scenario field as the engine declares it. */
export interface FieldDecl {
  path: string
  type: string
  unit: string
  min: number | null
  max: number | null
  /** JSON, as the engine serialises its `Default` (read through `shownDefault`). */
  default: unknown
  choices?: readonly string[]
  /** Only for this kind of its union (a traffic kind's own fields). */
  when_kind?: string
  description: string
  step?: number
  place?: FieldPlace
}

export type PlacedField = FieldDecl & { place: FieldPlace }

/** Every scenario field of this build, depth first in the engine's check order. */
export const SCENARIO_FIELDS: readonly FieldDecl[] = catalog.scenario_fields

/** The unit a field declares when the link's `buffer_unit` decides it. */
export const BUFFER_UNIT = 'buffer unit'

/** The fields of an editor group, in the engine's order. */
export function placed(group: string, fields: readonly FieldDecl[] = SCENARIO_FIELDS): PlacedField[] {
  return fields.filter((f): f is PlacedField => f.place?.group === group)
}

/** The declaration at a catalogue path (of traffic kind `kind` where kinds share a name). */
export function declAt(path: string, kind?: string, fields: readonly FieldDecl[] = SCENARIO_FIELDS) {
  return fields.find(
    (f) => f.path === path && (kind === undefined || f.when_kind === undefined || f.when_kind === kind),
  )
}

/** A catalogue path with its `[]` filled in by `at`, in order: `flows[].count`, [2] → `flows[2].count`. */
export function pathAt(path: string, at: readonly number[] = []): string {
  let i = 0
  return path.replace(/\[\]/g, () => `[${at[i++] ?? 0}]`)
}

/** A field's path as the catalogue writes it, and its list indices: `flows[2].rtt_ms[0]` → `flows[].rtt_ms`, [2]. */
export function catalogPath(path: string): { path: string; at: number[]; end?: 0 | 1 } {
  const at: number[] = []
  let end: 0 | 1 | undefined
  const bare = path.replace(/\[(\d+)\]$/, (m, n: string, offset: number) => {
    const head = path.slice(0, offset)
    const range = declAt(head.replace(/\[\d+\]/g, '[]'))?.type === 'range'
    if (range) end = Number(n) === 0 ? 0 : 1
    return range ? '' : m
  })
  const generic = bare.replace(/\[(\d+)\]/g, (_, n: string) => {
    at.push(Number(n))
    return '[]'
  })
  return { path: generic, at, ...(end !== undefined && { end }) }
}

/** The traffic kind of the list item a field at `path` (filled in by `at`) belongs to. */
export function trafficKindOf(draft: Json, path: string, at: readonly number[]): string {
  const item = path.slice(0, path.indexOf('[]') + 2)
  const traffic = getAt(draft, pathAt(`${item}.traffic`, at))
  const kinds = declAt(`${item}.traffic`)?.choices ?? []
  return isObject(traffic) && typeof traffic.kind === 'string' ? traffic.kind : (kinds[0] ?? '')
}

/** Whether a placed field applies to the draft: its traffic kind, its object present. */
export function applies(f: PlacedField, draft: Json, at: readonly number[], fields = SCENARIO_FIELDS): boolean {
  const needsKind = f.when_kind !== undefined || (f.place.when_traffic?.length ?? 0) > 0
  if (needsKind) {
    const kind = trafficKindOf(draft, f.path, at)
    if (f.when_kind !== undefined && f.when_kind !== kind) return false
    if (f.place.when_traffic !== undefined && !f.place.when_traffic.includes(kind)) return false
  }
  // Inside an optional object (link.reverse.rate_mbps): only while that object is there.
  return fields.every(
    (o) => o.type !== 'object' || !f.path.startsWith(`${o.path}.`) || isObject(getAt(draft, pathAt(o.path, at))),
  )
}

/** The value a field shows while the draft leaves it out: the engine's default, else the layout's start value. */
export function shownDefault(f: FieldDecl): Json | undefined {
  return (f.default as Json | null) ?? f.place?.start ?? undefined
}

/** The first value of each number inside an optional object or of a union's kind (`{kind, ...}`), for a new one. */
export function freshObject(path: string, kind?: string, fields = SCENARIO_FIELDS): JsonObject {
  const out: JsonObject = kind === undefined ? {} : { kind }
  for (const f of fields) {
    const key = f.path.slice(path.length + 1)
    if (!f.path.startsWith(`${path}.`) || key.includes('.') || key.includes('[')) continue
    if (f.when_kind !== kind || !['number', 'integer'].includes(f.type)) continue
    const v = shownDefault(f)
    if (v !== undefined && v !== null) out[key] = v
  }
  return out
}

/** The unit a field's value is in for this draft (the link's buffer unit where it decides). */
export function unitOf(f: FieldDecl, draft: Json): string {
  if (f.unit !== BUFFER_UNIT) return f.unit
  return getAt(draft, 'link.buffer_unit') === 'bytes' ? 'bytes' : 'packets'
}

/** A choice's names (a union's kinds). */
export function choicesOf(path: string): readonly string[] {
  return declAt(path)?.choices ?? []
}
