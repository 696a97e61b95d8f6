// Compare mode in one link: `?view=compare&preset=<id>` runs the preset's scenario and all its
// comparisons; `sides=0,2` keeps some of them; `alt=` (lz-string JSON) appends sides made by hand
// ({label, aqm?, set?}); `edit=B.min_th:35,B.max_th:85` holds the parameters edited on a side (by its
// letter, on the page's order of sides), so a dragged threshold survives a reload and travels with the
// link; `runs=k` sets the replications of the difference summary (seeds seed, seed+1, …; 5 when absent);
// `embed=1` drops the page chrome for an iframe. `lang` stays the picker's.
import { compressToEncodedURIComponent } from 'lz-string'
import { decompressUriSafe } from '../scenario/lz'
import { isLocalized, type CompareEntry } from '../catalog/types'
import { parseRuns } from '../stats/seeds'

export interface CompareQuery {
  preset: string | null
  /** Indices of the preset's sides to show; null: all. */
  sides: number[] | null
  /** Sides added by hand. */
  extra: CompareEntry[]
  embed: boolean
  /** Runs a side for the difference summary; null: the default. */
  runs: number | null
  /** edits[k]: the AQM parameters edited on side k (position on the page), by name. */
  edits: SideEdits
  problems: string[]
}

/** Per side position, its edited AQM parameters (name → value); sides without edits are absent. */
export type SideEdits = Record<number, Record<string, number>>

const EDIT = /^([A-Z])\.([a-z_][a-z0-9_]*):(-?\d+(?:\.\d+)?(?:e[+-]?\d+)?)$/

/** `B.min_th:35,B.max_th:85` → {1: {min_th: 35, max_th: 85}}; null if any part is malformed. */
export function parseEdits(text: string): SideEdits | null {
  const edits: SideEdits = {}
  for (const part of text.split(',')) {
    const m = EDIT.exec(part)
    if (m === null) return null
    const k = m[1].charCodeAt(0) - 65
    if (k >= MAX_SIDES * 2) return null
    edits[k] = { ...(edits[k] ?? {}), [m[2]]: Number(m[3]) }
  }
  return edits
}

/** The inverse of parseEdits, sides in order, parameters in insertion order; '' without edits. */
export function formatEdits(edits: SideEdits): string {
  return Object.keys(edits)
    .map(Number)
    .sort((a, b) => a - b)
    .flatMap((k) => Object.entries(edits[k]).map(([name, v]) => `${String.fromCharCode(65 + k)}.${name}:${v}`))
    .join(',')
}

/** The edits after removing side `k`: its own are gone, later sides move up one letter. */
export function editsWithout(edits: SideEdits, k: number): SideEdits {
  return Object.fromEntries(
    Object.entries(edits).flatMap(([key, e]) => {
      const i = Number(key)
      return i === k ? [] : [[i > k ? i - 1 : i, e]]
    }),
  )
}

const MAX_ALT_CHARS = 16_384
const MAX_SIDES = 6

function isEntry(x: unknown): x is CompareEntry {
  if (typeof x !== 'object' || x === null || Array.isArray(x)) return false
  const o: Record<string, unknown> = { ...x }
  const obj = (v: unknown) => v === undefined || (typeof v === 'object' && v !== null && !Array.isArray(v))
  return isLocalized(o.label) && obj(o.aqm) && obj(o.set)
}

export function parseCompareQuery(search: string): CompareQuery {
  const q = new URLSearchParams(search)
  const problems: string[] = []
  const preset = q.get('preset')
  let sides: number[] | null = null
  const sidesText = q.get('sides')
  if (sidesText !== null) {
    const parsed = sidesText.split(',').map(Number)
    if (parsed.every((n) => Number.isInteger(n) && n >= 0 && n < 32)) sides = [...new Set(parsed)].slice(0, MAX_SIDES)
    else problems.push(`sides=${sidesText}`)
  }
  let extra: CompareEntry[] = []
  const alt = q.get('alt')
  if (alt !== null) {
    const text = decompressUriSafe(alt, MAX_ALT_CHARS)
    try {
      const v: unknown = text.ok ? JSON.parse(text.text) : null
      if (Array.isArray(v) && v.every(isEntry)) extra = v.slice(0, MAX_SIDES)
      else problems.push('alt')
    } catch {
      problems.push('alt')
    }
  }
  const runs = parseRuns(q.get('runs'))
  if (q.get('runs') !== null && runs === null) problems.push(`runs=${q.get('runs')}`)
  const editText = q.get('edit')
  const edits = editText === null || editText === '' ? {} : parseEdits(editText)
  if (edits === null) problems.push(`edit=${editText}`)
  return {
    preset: preset !== null && /^[a-z0-9-]+$/.test(preset) ? preset : null,
    sides,
    extra,
    embed: q.get('embed') === '1',
    runs,
    edits: edits ?? {},
    problems,
  }
}

export function compareSearch(
  query: Pick<CompareQuery, 'preset' | 'sides' | 'extra'> & {
    embed?: boolean
    runs?: number | null
    edits?: SideEdits
  },
  lang?: string,
): string {
  const q = new URLSearchParams({ view: 'compare' })
  if (query.preset !== null) q.set('preset', query.preset)
  if (query.sides !== null) q.set('sides', query.sides.join(','))
  if (query.extra.length > 0) q.set('alt', compressToEncodedURIComponent(JSON.stringify(query.extra)))
  if (query.runs !== undefined && query.runs !== null) q.set('runs', String(query.runs))
  const edits = query.edits === undefined ? '' : formatEdits(query.edits)
  if (edits !== '') q.set('edit', edits)
  if (query.embed) q.set('embed', '1')
  if (lang !== undefined) q.set('lang', lang)
  return `?${q.toString()}`
}
