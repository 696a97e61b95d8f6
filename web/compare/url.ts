// Compare mode in one link: `?view=compare&preset=<id>` runs the preset's scenario and all its
// comparisons; `sides=0,2` keeps some of them; `alt=` (lz-string JSON) appends sides made by hand
// ({label, aqm?, set?}); `runs=k` sets the replications of the difference summary (seeds seed, seed+1, …;
// 5 when absent); `embed=1` drops the page chrome for an iframe. `lang` stays the picker's.
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
  problems: string[]
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
  return {
    preset: preset !== null && /^[a-z0-9-]+$/.test(preset) ? preset : null,
    sides,
    extra,
    embed: q.get('embed') === '1',
    runs,
    problems,
  }
}

export function compareSearch(
  query: Pick<CompareQuery, 'preset' | 'sides' | 'extra'> & { embed?: boolean; runs?: number | null },
  lang?: string,
): string {
  const q = new URLSearchParams({ view: 'compare' })
  if (query.preset !== null) q.set('preset', query.preset)
  if (query.sides !== null) q.set('sides', query.sides.join(','))
  if (query.extra.length > 0) q.set('alt', compressToEncodedURIComponent(JSON.stringify(query.extra)))
  if (query.runs !== undefined && query.runs !== null) q.set('runs', String(query.runs))
  if (query.embed) q.set('embed', '1')
  if (lang !== undefined) q.set('lang', lang)
  return `?${q.toString()}`
}
