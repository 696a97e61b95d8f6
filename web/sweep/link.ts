// A sweep's link (`?view=sweep&preset=…&param=…&values=…`) in today's units. Links carry the link
// version since version 2 (`v`); one without it was written before, when ARED's, QVARED's, HRED's and
// selective drop's times were in seconds (docs/scenario-versions.md): its values for such a parameter are
// converted to milliseconds, as a scenario link's would be.
import { getAt, type JsonObject } from '../scenario/json'
import { LINK_VERSION, shiftDecimal, UNVERSIONED_FILE, V1_SECONDS } from '../scenario/migrations'
import { formatValues, parseValues } from './grid'

/** The link version a sweep link was written in: its `v`, or version 1 without one. */
export function sweepLinkVersion(url: URLSearchParams): number {
  const v = Number(url.get('v'))
  return url.has('v') && Number.isInteger(v) && v > 0 ? v : UNVERSIONED_FILE
}

/**
 * `valuesText` for `path` as today's version reads it. Converted only when every side the parameter applies
 * to ran an algorithm that read it in seconds: on a side whose algorithm always read it in milliseconds
 * (CoDel's interval) the old link meant milliseconds, and a mix had no single unit to convert from.
 */
export function sweepValuesNow(
  valuesText: string,
  path: string,
  sides: readonly JsonObject[],
  version: number,
): string {
  if (version >= LINK_VERSION || !path.startsWith('aqm.')) return valuesText
  const name = path.slice('aqm.'.length)
  const kinds = sides.filter((s) => getAt(s, path) !== undefined).map((s) => String(getAt(s, 'aqm.kind')))
  if (kinds.length === 0 || !kinds.every((k) => V1_SECONDS[k]?.includes(name) === true)) return valuesText
  const parsed = parseValues(valuesText)
  return parsed.ok ? formatValues(parsed.values.map((x) => shiftDecimal(x, 3))) : valuesText
}
