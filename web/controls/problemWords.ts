// The engine's typed refusal (web/engine/engineProblem.ts) in the reader's language: the sentence comes
// from the `problems` catalogue by kind, the field is named as the form labels it, numbers are written
// the reader's way. Only a discipline's own rule (kind "constraint") keeps the engine's English detail.
import type { TFunction } from 'i18next'
import type { EngineProblem } from '../engine/engineProblem'
import { fieldLabelKey } from './scenarioDraft'

export interface Worded {
  /** The sentence in the reader's language. */
  text: string
  /** The engine's English detail, shown after `text` and marked lang="en" (constraints only). */
  english?: string
}

/** The field as the page labels it: the editor's label, the algorithm's parameter name, else the path. */
export function fieldName(t: TFunction, path: string, aqmKind?: string): string {
  if (path === '') return t('field.scenario', { ns: 'problems' })
  if (path.startsWith('aqm.')) {
    const name = path.slice(4)
    if (name === 'kind') return t('algorithm.label', { ns: 'app' })
    const param = name.split('[')[0]
    return aqmKind === undefined
      ? param
      : t(`algorithms.${aqmKind}.params.${param}`, { ns: 'app', defaultValue: param })
  }
  const label = fieldLabelKey(path)
  if (label === null) return path
  const text = t(label.key, { ns: 'app' })
  return label.group === undefined ? text : t('field.group', { ns: 'problems', label: text, n: label.group })
}

export function wordProblem(t: TFunction, p: EngineProblem, lng: string, aqmKind?: string): Worded {
  const number = new Intl.NumberFormat(lng, { maximumFractionDigits: 6 })
  const num = (x: number | undefined) => (x === undefined ? '' : number.format(x))
  const unit =
    p.unit === undefined || p.unit === '' ? '' : ` ${t(`units.${p.unit}`, { ns: 'problems', defaultValue: p.unit })}`
  const values = {
    ns: 'problems',
    field: fieldName(t, p.field, aqmKind),
    other: p.other === undefined ? '' : fieldName(t, p.other, aqmKind),
    lo: num(p.lo),
    hi: num(p.hi),
    got: num(p.got),
    unit,
    name: p.name ?? '',
    expected: (p.expected ?? []).slice(0, 20).join(', '),
  }
  let key: string = p.kind
  if (p.kind === 'out_of_range' && p.rule !== undefined) key = `out_of_range_${p.rule}`
  if (p.kind === 'order') key = p.hi !== undefined ? 'order_below' : 'order_above'
  const text = t(`kinds.${key}`, { ...values, defaultValue: '' })
  if (text === '') return { text: p.message }
  return p.kind === 'constraint' ? { text, english: p.message } : { text }
}
