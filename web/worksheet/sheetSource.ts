// What a worksheet is made from, read alike by the sheet (WorksheetView.tsx) and its answer key
// (AnswerKey.tsx): the lab link the sheet's address carries, and a preset's sides with their summaries.
import { sideCount, sideLabel, sideScenario } from '../catalog/patch'
import type { Lang, Preset } from '../catalog/types'
import { summarize, type ScenarioSummary } from './summary'

/** The worksheet's own address without `view` and `answers`: the lab link the sheet was made from. */
export function labQuery(search: string): string {
  // Split by hand: URLSearchParams would re-encode the rest (`lock=a,b` as `a%2Cb`), and the QR code must
  // hold the teacher's link as written.
  const q = search.startsWith('?') ? search.slice(1) : search
  return q
    .split('&')
    .filter((kv) => kv !== '' && !/^(view|answers)(=|$)/.test(kv))
    .join('&')
}

/** One side of the sheet: its label and what it runs. */
export interface SheetSide {
  label: string
  summary: ScenarioSummary
}

/** The sides of a preset, in the order given (default: all), with their labels and summaries. */
export function presetSides(preset: Preset, lang: Lang, order?: number[]): SheetSide[] {
  const ks = order ?? Array.from({ length: sideCount(preset) }, (_, k) => k)
  return ks.map((k) => ({ label: sideLabel(preset, k, lang), summary: summarize(sideScenario(preset, k)) }))
}
