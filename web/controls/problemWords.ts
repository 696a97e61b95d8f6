// The engine's typed refusal (web/scenario/engineProblem.ts) in the reader's language: the sentence comes
// from the `problems` catalogue by kind, the field is named as the form labels it, numbers are written
// the reader's way. A discipline's own rule (kind "constraint") is worded by the parameter it is about
// (`constraints.<name>`); the engine's English sentence, which names scenario paths, is kept as the
// problem's detail for whoever opens "Details", never in the sentence itself.
import type { TFunction } from 'i18next'
import type { EngineProblem } from '../scenario/engineProblem'
import { fieldLabelKey } from './scenarioDraft'

export interface Worded {
  /** The sentence in the reader's language. */
  text: string
  /** The engine's English sentence (with the scenario's paths), shown only under "Details" (constraints only). */
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
  // A field the forms do not label is named by its own key (and its flow group), not by its path.
  if (label === null) return bareName(t, path)
  // A label key without words of its own (a congestion control's parameter) reads as the parameter's key.
  const text = t(label.key, { ns: 'app', defaultValue: (path.split('.').pop() ?? path).replace(/\[\d+\]$/, '') })
  return label.group === undefined ? text : t('field.group', { ns: 'problems', label: text, n: label.group })
}

function bareName(t: TFunction, path: string): string {
  const name = (path.split('.').pop() ?? path).replace(/\[\d+\]$/, '')
  const group = /^flows\[(\d+)\]/.exec(path)
  return group === null ? name : t('field.group', { ns: 'problems', label: name, n: Number(group[1]) + 1 })
}

/** The catalogue key of a discipline's own rule: by the parameter it is about (cc_params share one). */
function constraintKey(field: string): string {
  if (field.includes('.cc_params.')) return 'cc_param'
  const name = (field.split('.').pop() ?? '').replace(/\[\d+\]$/, '')
  return name === '' ? 'scenario' : name
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
    atm: t('link.atm', { ns: 'app' }),
  }
  let key: string = p.kind
  if (p.kind === 'out_of_range' && p.rule !== undefined) key = `out_of_range_${p.rule}`
  if (p.kind === 'order') key = p.hi !== undefined ? 'order_below' : 'order_above'
  const own = p.kind === 'constraint' ? t(`constraints.${constraintKey(p.field)}`, { ...values, defaultValue: '' }) : ''
  const text = own !== '' ? own : t(`kinds.${key}`, { ...values, defaultValue: '' })
  if (text === '') return { text: p.message }
  return p.kind === 'constraint' ? { text, english: p.message } : { text }
}
