/**
 * The scenario in a URL: versioned, only what differs from the defaults, readable where it can be, and an
 * exact round trip (decodeLink(encodeLink(s)).scenario deep-equals s, fully expanded).
 *
 * Format (version 2):
 *
 *     ?v=2&seed=3&flows=10&rtt=40-120&aqm=red&max_th=30&max_p=0.1&z=N4Ig...
 *
 * - `v` the format version, which is the scenario model's version (engine SCENARIO_VERSION). A link
 *   without `v` is read as the current version (for hand-written links); links this page writes carry it.
 * - Readable keys for common fields (written only when they differ from the default):
 *   `seed`, `duration` (s), `warmup` (s), `rate` (link.rate_mbps), `delay` (link.delay_ms), `buffer` (link.buffer),
 *   `buffer_unit` (packets|bytes), `loss` (link.loss_rate), `loss_pattern` (random|periodic),
 *   `profile` (paper|ns2|ns3|linux: it fills every field the link leaves out, as `aqm-cli --profile` does);
 *   per flow group, comma-separated, one value per group, or one value for every group: `flows` (count; always
 *   one per group when there is more than one group), `tcp` (tahoe|reno|newreno|vegas|cubic|bbr),
 *   `rtt` (rtt_ms as `low-high` or one value for a fixed RTT);
 *   `aqm` (the algorithm's kind) and each of its scalar parameters by name (`max_th=15`, `gentle=1`); a
 *   parameter whose name is taken by a key above is written `aqm.<name>` (`aqm.flows` for FQ-CoDel).
 *   Numbers are written in JavaScript's shortest exact form; switches as 1/0 (true/false, on/off read too).
 * - `z` everything else that differs from the defaults: the scenario's JSON diff without the fields above,
 *   lz-string compressToEncodedURIComponent.
 * - View keys (not part of the scenario): `speed` (simulated seconds per second, or `max`), and for
 *   iframes `embed=1`, `views` (charts: queue,readouts), `controls` (play, aqm, params or parameter
 *   names), `autoplay=1` (otherwise an embed starts paused), `caption` (plain text, shown as text; cut to 200 characters with an ellipsis).
 *   `lang` (en|ko) belongs to the page's language picker and is left alone.
 *
 * Decoding never evaluates anything: it reads at most MAX_LINK_CHARS characters, MAX_PARAMS parameters,
 * and decompresses z= into at most MAX_Z_CHARS characters (lz.ts). A link that is malformed, truncated,
 * hostile or from a newer version yields `problems` (each with a message that names what is wrong) and the
 * nearest valid scenario by the schema; the engine has the final word (engineRepair.ts).
 *
 * Version 0, the format this codec replaced (the prototype's links, `v=0`), used other names:
 *   query keys  algo→aqm (kinds fifo→droptail, fqcodel→fq_codel), minth→min_th, maxth→max_th, maxp→max_p,
 *               wq→w_q, bw→rate, qlen→buffer, n→flows, cc→tcp, rtt_min & rtt_max→rtt=min-max, cfg→z;
 *   JSON (cfg)  bottleneck→link {bandwidth_mbps→rate_mbps, prop_delay_ms→delay_ms, queue_limit→buffer,
 *               queue_unit→buffer_unit}, senders→flows {n→count, cc→tcp, rtt_range_ms→rtt_ms},
 *               qdisc→aqm {type→kind, minth, maxth, maxp, wq as above}, sample_ms (ms)→sample_interval (s).
 * migrations.ts lifts it to version 1.
 */
import { compressToEncodedURIComponent } from 'lz-string'
import { decompressUriSafe } from './lz'
import { LINK_VERSION, OLDEST_VERSION, migrateJson, migrateParams } from './migrations'
import {
  aqmModel,
  defaultFlowGroup,
  defaultScenario,
  deepEqual,
  diff,
  expand,
  getAt,
  isObject,
  nodeAt,
  schema,
  setOwn,
  typeOf,
  type AqmModel,
  type DisciplineSpec,
  type Json,
  type JsonObject,
  type SchemaNode,
} from './model'
import {
  DEFAULT_VIEW,
  IGNORED_KEY,
  MAX_LINK_CHARS,
  NUMBER,
  PASSTHROUGH_KEYS,
  VIEW_KEYS,
  encodeView,
  isEmbedQuery,
  isViewKey,
  joinQuery,
  parseSwitch,
  readView,
  type LinkView,
} from './linkView'
import { dedupe, excerpt, problem, type Problem } from './problems'
import { checkScenario, type Checked } from './validate'
import { fillProfile, profileAqm, profileCc, profileFlow, profileOf } from './profiles'
import { clone } from './json'

export { LINK_VERSION, MAX_LINK_CHARS, DEFAULT_VIEW, isEmbedQuery }
export type { LinkView }
export const MAX_PARAMS = 200

export interface CodecOptions {
  /**
   * The engine's algorithm catalogue (`algorithms()`). The schema is generated from the same catalogue, so
   * the page needs none; a discipline the schema does not list (a newer engine's, a test-only one) is read
   * and written by the parameters its entry declares.
   */
  algorithms?: readonly DisciplineSpec[]
}
export const MAX_Z_CHARS = 65_536

export interface DecodedLink {
  /** The link carried scenario settings; otherwise the page keeps the scenario it has. */
  hasScenario: boolean
  /** Every field present; when `problems` is not empty, the nearest valid scenario the schema allows. */
  scenario: JsonObject
  view: LinkView
  /** The version the link was written in. */
  version: number
  problems: Problem[]
}

type Path = readonly (string | number)[]

const SCALAR_KEYS: ReadonlyArray<readonly [string, Path]> = [
  ['seed', ['seed']],
  ['duration', ['duration']],
  ['warmup', ['warmup']],
  ['rate', ['link', 'rate_mbps']],
  ['delay', ['link', 'delay_ms']],
  ['buffer', ['link', 'buffer']],
  ['buffer_unit', ['link', 'buffer_unit']],
  ['loss', ['link', 'loss_rate']],
  ['loss_pattern', ['link', 'loss_pattern']],
  // The implementation to behave as (docs/profiles.md): it fills what the link leaves out, as `aqm-cli --profile`.
  ['profile', ['profile']],
]
const GROUP_KEYS: ReadonlyArray<readonly [string, string]> = [
  ['flows', 'count'],
  ['tcp', 'tcp'],
  ['rtt', 'rtt_ms'],
]
const RESERVED = new Set<string>([
  'v',
  'z',
  'aqm',
  ...SCALAR_KEYS.map(([k]) => k),
  ...GROUP_KEYS.map(([k]) => k),
  ...VIEW_KEYS,
  ...PASSTHROUGH_KEYS,
])

// ---- values -----------------------------------------------------------------------------------

const UNSIGNED = String.raw`(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?`
const RANGE = new RegExp(`^(${UNSIGNED})(?:-(${UNSIGNED}))?$`)

type Parsed = { ok: true; value: Json } | { ok: false; problem: Problem }

function parseNumber(key: string, text: string): Parsed {
  const n = text.length <= 40 && NUMBER.test(text) ? Number(text) : NaN
  if (!Number.isFinite(n)) return { ok: false, problem: problem('not-a-number', { key, value: excerpt(text) }) }
  return { ok: true, value: n }
}

function parseRange(key: string, text: string): Parsed {
  const m = text.length <= 60 ? RANGE.exec(text) : null
  if (m === null) return { ok: false, problem: problem('bad-range', { key, value: excerpt(text) }) }
  const lo = Number(m[1])
  const hi = m[2] === undefined ? lo : Number(m[2])
  if (!Number.isFinite(lo) || !Number.isFinite(hi))
    return { ok: false, problem: problem('bad-range', { key, value: excerpt(text) }) }
  return { ok: true, value: [lo, hi] }
}

/** Reads one query value as the type its schema node says. */
function parseValue(key: string, text: string, node: SchemaNode): Parsed {
  const types = typeOf(node)
  if (types.includes('boolean')) return parseSwitch(key, text)
  if (types.includes('number') || types.includes('integer')) return parseNumber(key, text)
  if (node.items) return parseRange(key, text)
  return { ok: true, value: text }
}

function formatValue(value: Json): string | null {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : null
  if (typeof value === 'boolean') return value ? '1' : '0'
  if (typeof value === 'string') return value
  if (Array.isArray(value) && value.length === 2 && value.every((x) => typeof x === 'number')) {
    return value[0] === value[1] ? String(value[0]) : `${String(value[0])}-${String(value[1])}`
  }
  return null
}

/** The readable form of `value`, if reading it back gives exactly `value`. */
function readable(key: string, value: Json, node: SchemaNode, inList = false): string | null {
  const text = formatValue(value)
  if (text === null || (inList && text.includes(','))) return null
  const back = parseValue(key, text, node)
  return back.ok && deepEqual(back.value, value) ? text : null
}

// ---- encode -----------------------------------------------------------------------------------

function aqmKey(name: string): string {
  return RESERVED.has(name) ? `aqm.${name}` : name
}

/** The query string (without '?') for a scenario (partial or full) and view. */
export function encodeLink(scenario: JsonObject, view: Partial<LinkView> = {}, options: CodecOptions = {}): string {
  const model = aqmModel(options.algorithms)
  // What the scenario means to the engine (its profile fills what it leaves out), written as a link:
  // a link's absent fields are the defaults, so every value that differs from them is written.
  const full = expand(schema, fillProfile(scenario))
  const catalogueAqm = isObject(full) ? expandCatalogueAqm(full, model) : null
  const d = diff(schema, full)
  const rest: JsonObject = isObject(d) ? d : {}
  if (catalogueAqm !== null) setOwn(rest, 'aqm', catalogueAqm)
  if (isObject(full)) keepAgainstProfile(full, rest)
  const pairs: Array<[string, string]> = [['v', String(LINK_VERSION)]]

  for (const [key, path] of SCALAR_KEYS) {
    const value = getAt(rest, path)
    const node = nodeAt(path, full ?? null)
    if (value === undefined || node === null) continue
    const text = readable(key, value, node)
    if (text === null) continue
    pairs.push([key, text])
    deleteAt(rest, path)
  }
  if (isObject(full)) encodeGroups(full, rest, pairs)
  encodeAqm(rest, pairs, model)
  for (const k of ['link', 'aqm']) if (isObject(rest[k]) && Object.keys(rest[k]).length === 0) delete rest[k]
  pairs.push(...encodeView(view))
  if (Object.keys(rest).length > 0) pairs.push(['z', compressToEncodedURIComponent(JSON.stringify(rest))])
  return joinQuery(pairs)
}

/**
 * A link's profile fills what the link leaves out (decodeLink), so a field the profile controls is written
 * whenever it differs from the profile's value, even where it equals the schema's default (under ns-3, a
 * group's `sack: false` must be written: left out, ns-3's `true` would fill it).
 */
function keepAgainstProfile(full: JsonObject, rest: JsonObject): void {
  const profile = profileOf(full)
  if (profile === null || profile === 'paper') return
  const groups = full.flows
  if (Array.isArray(groups)) {
    const flow = profileFlow(profile)
    groups.forEach((g, i) => {
      if (!isObject(g)) return
      for (const [field, value] of Object.entries(flow)) {
        if (!Object.hasOwn(g, field) || deepEqual(g[field], value)) continue
        if (!Array.isArray(rest.flows)) rest.flows = groups.map(() => ({}))
        const into = rest.flows[i]
        if (isObject(into)) setOwn(into, field, clone(g[field]))
      }
      // The same for the profile's values of the group's congestion control (Prague's rtt_scaling).
      const own = g.cc_params
      if (!isObject(own) || typeof g.tcp !== 'string') return
      for (const [name, value] of Object.entries(profileCc(profile, g.tcp))) {
        if (!Object.hasOwn(own, name) || deepEqual(own[name], value)) continue
        if (!Array.isArray(rest.flows)) rest.flows = groups.map(() => ({}))
        const into = rest.flows[i]
        if (!isObject(into)) continue
        if (!isObject(into.cc_params)) setOwn(into, 'cc_params', {})
        if (isObject(into.cc_params)) setOwn(into.cc_params, name, clone(own[name]))
      }
    })
  }
  const aqm = full.aqm
  if (!isObject(aqm) || typeof aqm.kind !== 'string') return
  for (const [name, value] of Object.entries(profileAqm(profile, aqm.kind))) {
    if (!Object.hasOwn(aqm, name) || deepEqual(aqm[name], value)) continue
    if (!isObject(rest.aqm)) rest.aqm = { kind: aqm.kind }
    setOwn(rest.aqm, name, clone(aqm[name]))
  }
}

/**
 * A discipline only the catalogue knows passes the schema's expand and diff untouched: its defaults are
 * filled in `full` here, and what differs from them (with its kind) returned for the link.
 */
function expandCatalogueAqm(full: JsonObject, model: AqmModel): JsonObject | null {
  const aqm = full.aqm
  const branch = isObject(aqm) && typeof aqm.kind === 'string' ? model.catalogueOnly(aqm.kind) : null
  if (branch === null || !isObject(aqm)) return null
  const expanded = expand(branch, aqm)
  if (!isObject(expanded)) return null
  setOwn(full, 'aqm', expanded)
  const d = diff(branch, expanded)
  const out: JsonObject = { kind: aqm.kind }
  if (isObject(d)) for (const k of Object.keys(d)) if (k !== 'kind') setOwn(out, k, d[k])
  return out
}

function deleteAt(root: JsonObject, path: Path): void {
  const parent = getAt(root, path.slice(0, -1))
  const last = path[path.length - 1]
  if (isObject(parent) && typeof last === 'string') delete parent[last]
}

function encodeGroups(full: JsonObject, rest: JsonObject, pairs: Array<[string, string]>): void {
  const groups = full.flows
  const diffs = rest.flows
  if (!Array.isArray(groups) || !Array.isArray(diffs)) return
  const defaults = defaultFlowGroup()
  const base = defaultScenario()
  for (const [key, field] of GROUP_KEYS) {
    const node = nodeAt(['flows', 0, field], base)
    if (node === null) continue
    const values = groups.map((g) => (isObject(g) ? g[field] : null))
    const texts = values.map((v) => readable(key, v, node, true))
    if (texts.some((t) => t === null)) continue
    const allDefault = values.every((v) => deepEqual(v, defaults[field]))
    if (key !== 'flows' && allDefault) continue
    const same = texts.every((t) => t === texts[0])
    // The group count is always written in full (it sets how many groups there are).
    pairs.push([key, key !== 'flows' && same ? String(texts[0]) : texts.join(',')])
    for (const g of diffs) if (isObject(g)) delete g[field]
  }
  if (!pairs.some(([k]) => k === 'flows')) return
  if (diffs.every((g) => isObject(g) && Object.keys(g).length === 0)) delete rest.flows
}

function encodeAqm(rest: JsonObject, pairs: Array<[string, string]>, model: AqmModel): void {
  const aqm = rest.aqm
  if (!isObject(aqm) || typeof aqm.kind !== 'string') return
  const kind = aqm.kind
  pairs.push(['aqm', kind])
  for (const name of Object.keys(aqm)) {
    const node = model.param(kind, name)
    if (node === null || node.items) continue // lists (GFR's mcr_mbps) stay in z=
    const key = aqmKey(name)
    const text = readable(key, aqm[name], node)
    if (text === null) continue
    pairs.push([key, text])
    delete aqm[name]
  }
  delete aqm.kind
}

// ---- decode -----------------------------------------------------------------------------------

export function decodeLink(search: string, options: CodecOptions = {}): DecodedLink {
  const model = aqmModel(options.algorithms)
  const query = search.startsWith('?') ? search.slice(1) : search
  if (query.length > MAX_LINK_CHARS) {
    return {
      hasScenario: true,
      scenario: defaultScenario(),
      view: { ...DEFAULT_VIEW, embed: isEmbedQuery(query) },
      version: LINK_VERSION,
      problems: [problem('too-long', { length: query.length, max: MAX_LINK_CHARS })],
    }
  }
  const problems: Problem[] = []
  let entries = [...new URLSearchParams(query)]
  if (entries.length > MAX_PARAMS) {
    problems.push(problem('too-many-params', { n: entries.length, max: MAX_PARAMS }))
    entries = entries.slice(0, MAX_PARAMS)
  }
  const raw = new Map<string, string>()
  for (const [k, v] of entries) {
    if (raw.has(k)) problems.push(problem('duplicate-key', { key: excerpt(k) }))
    raw.set(k, v)
  }
  const version = readVersion(raw.get('v'), problems)
  const params = migrateParams(raw, Math.min(version, LINK_VERSION))
  const view = readView(new URLSearchParams([...params]), problems)
  const hasScenario = [...params.keys()].some((k) => !isViewKey(k))
  if (!hasScenario) return { hasScenario, scenario: defaultScenario(), view, version, problems: dedupe(problems) }

  const z = readZ(params.get('z'), problems)
  const d = migrateJson(z, Math.min(version, LINK_VERSION))
  if (version > LINK_VERSION && Object.hasOwn(d, 'version')) d.version = LINK_VERSION
  readScalars(params, d, problems)
  readGroups(params, d, problems)
  readAqm(params, d, problems, model)
  // What the link sets is what the user set: its profile fills the rest before the defaults do, as
  // `aqm-cli --profile` fills a scenario file (a link this page writes sets every filled field already).
  const checked = checkWithCatalogue(fillProfile(d), model)
  return {
    hasScenario,
    scenario: checked.scenario,
    view,
    version,
    problems: dedupe([...problems, ...checked.problems]),
  }
}

function readVersion(text: string | undefined, problems: Problem[]): number {
  if (text === undefined) return LINK_VERSION
  if (!/^\d{1,9}$/.test(text)) {
    problems.push(problem('version-format', { value: excerpt(text) }))
    return LINK_VERSION
  }
  const v = Number(text)
  if (v > LINK_VERSION) problems.push(problem('version-future', { version: v, max: LINK_VERSION }))
  return Math.max(v, OLDEST_VERSION)
}

function readZ(text: string | undefined, problems: Problem[]): JsonObject {
  if (text === undefined) return {}
  const r = decompressUriSafe(text, MAX_Z_CHARS)
  if (!r.ok) {
    problems.push(r.reason === 'too-large' ? problem('z-too-large', { max: MAX_Z_CHARS }) : problem('z-damaged'))
    return {}
  }
  let value: unknown
  try {
    value = JSON.parse(r.text)
  } catch {
    problems.push(problem('z-damaged'))
    return {}
  }
  if (!isObject(value)) {
    problems.push(problem('z-not-object'))
    return {}
  }
  return value
}

/** The object at `path` in `root`, created (or replaced, if something else is there) as needed. */
function objectAt(root: JsonObject, path: Path): JsonObject {
  let o = root
  for (const seg of path) {
    const key = String(seg)
    const next = o[key]
    if (isObject(next) && Object.hasOwn(o, key)) o = next
    else {
      const fresh: JsonObject = {}
      setOwn(o, key, fresh)
      o = fresh
    }
  }
  return o
}

function readScalars(params: Map<string, string>, d: JsonObject, problems: Problem[]): void {
  const defaults = defaultScenario()
  for (const [key, path] of SCALAR_KEYS) {
    const text = params.get(key)
    const node = nodeAt(path, defaults)
    if (text === undefined || node === null) continue
    const r = parseValue(key, text, node)
    if (!r.ok) {
      problems.push(r.problem)
      continue
    }
    setOwn(objectAt(d, path.slice(0, -1)), String(path[path.length - 1]), r.value)
  }
}

function readGroups(params: Map<string, string>, d: JsonObject, problems: Problem[]): void {
  const lists = GROUP_KEYS.map(([key, field]) => ({ key, field, items: params.get(key)?.split(',') ?? null }))
  if (lists.every((l) => l.items === null)) return
  const fromZ = Array.isArray(d.flows) ? d.flows : null
  const countItems = lists[0].items
  // More groups than the model allows are cut here (checkScenario reports it), not built and then dropped.
  const maxGroups = schema.properties?.flows?.maxItems ?? 64
  const n = Math.min(
    fromZ?.length ?? countItems?.length ?? Math.max(1, ...lists.map((l) => l.items?.length ?? 0)),
    maxGroups + 1,
  )
  const groups: Json[] = fromZ ?? Array.from({ length: n }, () => ({}))
  const base = defaultScenario()
  for (const { key, field, items } of lists) {
    if (items === null) continue
    if (items.length !== 1 && items.length !== n && n <= maxGroups) {
      problems.push(problem('bad-list-length', { key, n: items.length, groups: n }))
    }
    const node = nodeAt(['flows', 0, field], base)
    if (node === null) continue
    for (let i = 0; i < n; i++) {
      const text = items.length === 1 ? items[0] : items[i]
      const g = groups[i]
      if (text === undefined || !isObject(g)) continue
      const r = parseValue(key, text, node)
      if (r.ok) setOwn(g, field, r.value)
      else problems.push(r.problem)
    }
  }
  d.flows = groups
}

function readAqm(params: Map<string, string>, d: JsonObject, problems: Problem[], model: AqmModel): void {
  const kindText = params.get('aqm')
  if (kindText !== undefined) setOwn(objectAt(d, ['aqm']), 'kind', kindText)
  const given = isObject(d.aqm) ? d.aqm.kind : undefined
  const defaultKind = String(getAt(defaultScenario(), ['aqm', 'kind']))
  let kind = typeof given === 'string' ? given : defaultKind
  if (model.branch(kind) === null) {
    problems.push(
      problem('unknown-kind', { field: 'aqm.kind', value: excerpt(String(given)), known: model.kinds.join(', ') }),
    )
    delete d.aqm
    kind = defaultKind
  }
  const known = Object.keys(model.defaults(kind)).filter((k) => k !== 'kind')
  for (const [key, text] of params) {
    if (RESERVED.has(key) || IGNORED_KEY.test(key)) continue
    const name = key.startsWith('aqm.') ? key.slice(4) : key
    const node = model.param(kind, name)
    if (node !== null && !node.items) {
      const r = parseValue(key, text, node)
      if (r.ok) setOwn(objectAt(d, ['aqm']), name, r.value)
      else problems.push(r.problem)
      if (!isObject(d.aqm) || d.aqm.kind === undefined) setOwn(objectAt(d, ['aqm']), 'kind', kind)
    } else if (model.kinds.some((k) => model.param(k, name) !== null)) {
      problems.push(problem('not-a-param', { key: excerpt(key), kind, known: known.join(', ') || '–' }))
    } else {
      problems.push(problem('unknown-key', { key: excerpt(key) }))
    }
  }
}

/**
 * checkScenario, with a discipline only the catalogue knows checked against its catalogue branch (the schema
 * validator cannot): unknown parameters left out, wrong types reset, fractions rounded where the engine reads
 * an integer, values clamped into the declared range, as checkScenario does for the schema's own.
 */
function checkWithCatalogue(d: JsonObject, model: AqmModel): Checked {
  const aqm = d.aqm
  const branch = isObject(aqm) && typeof aqm.kind === 'string' ? model.catalogueOnly(aqm.kind) : null
  if (branch === null || !isObject(aqm)) return checkScenario(d)
  const others: JsonObject = {}
  for (const k of Object.keys(d)) if (k !== 'aqm') setOwn(others, k, d[k])
  const checked = checkScenario(others)
  const problems: Problem[] = []
  const out: JsonObject = { kind: aqm.kind }
  for (const name of Object.keys(aqm)) {
    if (name === 'kind') continue
    const node = branch.properties?.[name]
    const field = excerpt(`aqm.${name}`, 80)
    const value = aqm[name]
    if (node === undefined) {
      problems.push(problem('unknown-field', { field }))
      continue
    }
    const types = typeOf(node)
    if (types.includes('boolean') ? typeof value !== 'boolean' : typeof value !== 'number' || !Number.isFinite(value)) {
      problems.push(problem('wrong-type', { field, expected: types.join(' or ') }))
      continue
    }
    let x: Json = value
    if (typeof x === 'number') {
      if (types.includes('integer') && !Number.isInteger(x)) {
        problems.push(problem('not-integer', { field, got: x }))
        x = Math.round(x)
      }
      const min = node.minimum ?? -Infinity
      const max = node.maximum ?? Infinity
      if (x < min || x > max) {
        problems.push(problem('out-of-range', { field, min, max, got: excerpt(JSON.stringify(value)) }))
        x = Math.min(max, Math.max(min, x))
      }
    }
    setOwn(out, name, x)
  }
  const expanded = expand(branch, out)
  const scenario: JsonObject = { ...checked.scenario }
  setOwn(scenario, 'aqm', isObject(expanded) ? expanded : out)
  return { scenario, problems: dedupe([...checked.problems, ...problems]) }
}
