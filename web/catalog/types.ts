// The preset file format (public/presets/<id>.json) and its guards: the only place where fetched JSON
// becomes a typed Preset. engine-wasm/tests/presets.rs reads the same files natively.

/** A text in every language the page ships. */
export interface Localized {
  en: string
  ko: string
}

export type Lang = keyof Localized

/** One comparison side: `set` paths applied to the preset's scenario first, then `aqm` replaced. */
export interface CompareEntry {
  label: Localized
  aqm?: Record<string, unknown>
  set?: Record<string, unknown>
}

/** A parameter that follows the swept one: x·mul/div, set only where the path exists. */
export interface Derived {
  path: string
  mul?: number
  div?: number
}

/** The sweep a preset suggests: a parameter path and its values, plotted against `metric`. */
export interface SweepSpec {
  param: string
  values: number[]
  derived?: Derived[]
  metric?: string
}

export interface Preset {
  id: string
  title: Localized
  /** "seed 004", "classic" or "RFC 7928 (...)". */
  source: string
  /** The seed paper's id, described in docs/papers.md (seed presets only). */
  seed_file?: string
  explanation: Localized
  look_for: Localized
  paper_result: Localized
  /** Label of side 0 (the preset's own scenario) in compare mode. */
  base_label: Localized
  /** The engine scenario, as the engine's JSON. */
  scenario: Record<string, unknown>
  compare?: CompareEntry[]
  sweep?: SweepSpec
  /** Id of a guided walk-through built on this preset. */
  walkthrough?: string
  /** Questions for its printable worksheet (web/worksheet); absent: the worksheet asks the general ones. */
  questions?: Localized[]
}

export interface PresetIndex {
  version: number
  presets: string[]
}

type Obj = Record<string, unknown>

function isObj(x: unknown): x is Obj {
  return typeof x === 'object' && x !== null && !Array.isArray(x)
}
const isStr = (x: unknown): x is string => typeof x === 'string'
const isNum = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x)

export function isLocalized(x: unknown): x is Localized {
  return isObj(x) && isStr(x.en) && isStr(x.ko) && x.en.trim() !== '' && x.ko.trim() !== ''
}

function isCompareEntry(x: unknown): x is CompareEntry {
  return (
    isObj(x) && isLocalized(x.label) && (x.aqm === undefined || isObj(x.aqm)) && (x.set === undefined || isObj(x.set))
  )
}

function isDerived(x: unknown): x is Derived {
  return isObj(x) && isStr(x.path) && (x.mul === undefined || isNum(x.mul)) && (x.div === undefined || isNum(x.div))
}

export function isSweepSpec(x: unknown): x is SweepSpec {
  return (
    isObj(x) &&
    isStr(x.param) &&
    Array.isArray(x.values) &&
    x.values.every(isNum) &&
    (x.derived === undefined || (Array.isArray(x.derived) && x.derived.every(isDerived))) &&
    (x.metric === undefined || isStr(x.metric))
  )
}

export function isPreset(x: unknown): x is Preset {
  return (
    isObj(x) &&
    isStr(x.id) &&
    isLocalized(x.title) &&
    isStr(x.source) &&
    (x.seed_file === undefined || isStr(x.seed_file)) &&
    isLocalized(x.explanation) &&
    isLocalized(x.look_for) &&
    isLocalized(x.paper_result) &&
    isLocalized(x.base_label) &&
    isObj(x.scenario) &&
    (x.compare === undefined || (Array.isArray(x.compare) && x.compare.every(isCompareEntry))) &&
    (x.sweep === undefined || isSweepSpec(x.sweep)) &&
    (x.walkthrough === undefined || isStr(x.walkthrough)) &&
    (x.questions === undefined || (Array.isArray(x.questions) && x.questions.every(isLocalized)))
  )
}

export function isPresetIndex(x: unknown): x is PresetIndex {
  return isObj(x) && isNum(x.version) && Array.isArray(x.presets) && x.presets.every(isStr)
}

/** What kind of source a preset has, for the gallery's filter and badge. */
export type SourceKind = 'seed' | 'classic' | 'rfc'

export function sourceKind(source: string): SourceKind {
  if (source.startsWith('seed ')) return 'seed'
  if (source.startsWith('RFC')) return 'rfc'
  return 'classic'
}

/** The page's language as a preset text key: Korean for any ko-* tag, English otherwise. */
export function langOf(language: string | undefined): Lang {
  return language !== undefined && language.toLowerCase().startsWith('ko') ? 'ko' : 'en'
}
