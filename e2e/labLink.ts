// Links to the lab for scenarios the query's short keys do not spell (a rate schedule, SACK, a whole case
// file): the query as written, then the scenario's other fields packed as the page's share links pack them,
// `z=`, lz-string's URI-safe compression of their JSON (web/scenario/urlCodec.ts).
import LZString from 'lz-string'

/** `./?<query>&z=<scenario, compressed>`. */
export function labLink(query: string, scenario: object): string {
  return `./?${query}&z=${LZString.compressToEncodedURIComponent(JSON.stringify(scenario))}`
}
