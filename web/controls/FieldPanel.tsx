// One group of scenario fields, drawn from the engine's declarations (./scenarioFields) the way ParamPanel
// draws a discipline's parameters: a number with its unit and bounds, a range as its two ends, a switch, a
// choice with its option names, an optional object as a switch that adds it with its numbers' defaults.
// The link, flow-group, schedule and run editors are layouts of these groups; a field whose change does more
// than set a value (the buffer's unit converts the buffer) is given its own update, or its own control.
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { getAt, isObject, withAt, type Json, type JsonObject } from '../scenario/json'
import { NumberField, fieldId } from './NumberField'
import { CheckField } from './CheckField'
import { ErrorNote, type Problem } from './ErrorNote'
import type { NumberSpec } from './fieldInput'
import {
  SCENARIO_FIELDS,
  applies,
  freshObject,
  pathAt,
  placed,
  shownDefault,
  unitOf,
  type FieldDecl,
  type PlacedField,
} from '../scenario/fields'

/** What every editor of the draft takes: the link, flow, schedule and run editors and the panel itself. */
export interface DraftEditorProps {
  draft: JsonObject
  problemAt(path: string): Problem | undefined
  onEdit(path: string, value: Json): void
  onUpdate(change: (draft: JsonObject) => JsonObject): void
}

export interface FieldPanelProps extends DraftEditorProps {
  /** The editor group (engine-wasm/src/fields.rs `PLACES`). */
  group: string
  /** The list indices the group's `[]` stand for (a flow group's, a schedule row's). */
  at?: readonly number[]
  /** Values for the labels' placeholders (a row number). */
  labelValues?: Record<string, string | number>
  /** By catalogue path: what a change does instead of setting the value. */
  update?: Readonly<Record<string, (draft: JsonObject, value: string) => JsonObject>>
  /** By catalogue path: a control the layout draws itself. */
  render?: Readonly<Record<string, () => ReactNode>>
  /** The declarations (the catalogue's; a test may pass others). */
  fields?: readonly FieldDecl[]
}

/** The number inputs of a field: one, or a range's two ends. */
export function numberSpecs(f: PlacedField, draft: Json, at: readonly number[] = [], labelValues = {}): NumberSpec[] {
  const path = pathAt(f.path, at)
  const base = {
    unit: unitOf(f, draft),
    integer: f.type === 'integer',
    optional: f.type === 'optional_number',
    ...(f.place.empty !== undefined && { emptyLabel: f.place.empty }),
    labelValues: { defaultValue: f.description, ...labelValues },
  }
  if (f.type === 'range')
    return [
      { ...base, path: `${path}[0]`, label: `${f.place.label}Min` },
      { ...base, path: `${path}[1]`, label: `${f.place.label}Max` },
    ]
  return [{ ...base, path, label: f.place.label }]
}

const NUMBER_TYPES = ['number', 'integer', 'optional_number', 'range']

export function FieldPanel(props: FieldPanelProps) {
  const { group, at = [], labelValues = {}, update = {}, render = {}, fields = SCENARIO_FIELDS } = props
  const { draft, problemAt, onEdit, onUpdate } = props
  const { t } = useTranslation()
  const shown = placed(group, fields).filter((f) => applies(f, draft, at, fields))
  return (
    <>
      {shown.map((f) => {
        const own = render[f.path]
        if (own !== undefined) return <Own key={f.path}>{own()}</Own>
        const path = pathAt(f.path, at)
        const label = t(f.place.label, { defaultValue: f.description, ...labelValues })
        const help = f.place.help === undefined ? undefined : t(f.place.help)
        if (NUMBER_TYPES.includes(f.type)) {
          const fallback = shownDefault(f)
          return numberSpecs(f, draft, at, labelValues).map((spec, end) => (
            <NumberField
              key={spec.path}
              spec={spec}
              value={getAt(draft, spec.path) ?? (Array.isArray(fallback) ? fallback[end] : fallback)}
              problem={problemAt(spec.path)}
              onChange={onEdit}
            />
          ))
        }
        if (f.type === 'boolean' || f.type === 'object') {
          const object = f.type === 'object'
          const value = getAt(draft, path) ?? shownDefault(f)
          const toggle = (on: boolean) =>
            object
              ? onUpdate((d) => (on ? withAt(d, path, freshObject(f.path, undefined, fields)) : without(d, path)))
              : onEdit(path, on)
          return (
            <CheckField
              key={path}
              path={path}
              label={label}
              help={help}
              checked={object ? isObject(value) : value === true}
              onChange={toggle}
              wide={object}
            >
              {object && <ErrorNote id={`${fieldId(path)}-error`} problem={problemAt(path)} />}
            </CheckField>
          )
        }
        // A choice, or a union's kind (`<path>.kind`).
        const union = f.type === 'union'
        const valuePath = union ? `${path}.kind` : path
        const choices = f.choices ?? []
        const value = String(getAt(draft, valuePath) ?? shownDefault(f) ?? choices[0] ?? '')
        const change = update[f.path]
        const id = fieldId(valuePath)
        return (
          <div key={path} className={union || help !== undefined ? 'field span-2' : 'field'}>
            <label htmlFor={id}>{label}</label>
            <select
              id={id}
              value={value}
              aria-describedby={help === undefined ? undefined : `${id}-help`}
              onChange={(e) => {
                const next = e.target.value
                if (change !== undefined) onUpdate((d) => change(d, next))
                else if (union) onUpdate((d) => withAt(d, path, freshObject(f.path, next, fields)))
                else onEdit(path, next)
              }}
            >
              {choices.map((c) => (
                <option key={c} value={c}>
                  {f.place.options === undefined ? c : t(`${f.place.options}.${c}`, { defaultValue: c })}
                </option>
              ))}
            </select>
            {help !== undefined && (
              <p className="muted hint" id={`${id}-help`}>
                {help}
              </p>
            )}
          </div>
        )
      })}
    </>
  )
}

function Own({ children }: { children: ReactNode }) {
  return <>{children}</>
}

/** `draft` without the value at `path` (an optional object turned off is left out of the scenario). */
function without(draft: JsonObject, path: string): JsonObject {
  const cut = path.lastIndexOf('.')
  const parentPath = path.slice(0, cut)
  const parent = getAt(draft, parentPath)
  if (!isObject(parent)) return draft
  const rest = Object.fromEntries(Object.entries(parent).filter(([k]) => k !== path.slice(cut + 1)))
  return withAt(draft, parentPath, rest)
}
