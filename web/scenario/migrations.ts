// Old links and files keep working: each migration lifts one format version to the next, on the query
// parameters of a link (before its z= part is decompressed) and on the scenario JSON (a link's z=, a
// file's scenario). The version is the scenario model's (engine-wasm/src/migrate.rs SCENARIO_VERSION):
// when the model changes shape, or a default changes (an old link leaves out what equalled the old
// default!), bump both and add a migration here that writes what the old version meant.
import { NUMBER } from './linkView'
import { clone, getOwn, isObject, setOwn, type Json, type JsonObject } from './model'

/** The format this page writes: links carry it as `v=`, scenario files as `"version"`. */
export const LINK_VERSION = 2

/**
 * The version of a scenario file without `"version"`: 1, as the engine reads it (engine-wasm/src/migrate.rs),
 * since every file written before version 2 could leave it out. (A link without `v=` is read as the
 * current version instead: see urlCodec.ts.)
 */
export const UNVERSIONED_FILE = 1

export interface Migration {
  /** Lifts version `from` to `from + 1`. */
  from: number
  summary: string
  /** Query parameters of a link, e.g. renamed keys. */
  params(params: Map<string, string>): Map<string, string>
  /** A scenario object (possibly partial). */
  json(scenario: JsonObject): JsonObject
}

function renameKeys(obj: JsonObject, renames: Record<string, string>): JsonObject {
  const out: JsonObject = {}
  for (const k of Object.keys(obj)) setOwn(out, Object.hasOwn(renames, k) ? renames[k] : k, obj[k])
  return out
}

function mapObject(v: Json | undefined, f: (o: JsonObject) => JsonObject): Json | undefined {
  return isObject(v) ? f(v) : v
}

/** v0 algorithm names that changed. */
const V0_KINDS: Record<string, string> = { fifo: 'droptail', fqcodel: 'fq_codel' }
const renameKind = (kind: string): string => (Object.hasOwn(V0_KINDS, kind) ? V0_KINDS[kind] : kind)

/**
 * v0 → v1. v0 was the prototype's link format (before the scenario model settled); see the list of its
 * key renames in urlCodec.ts. Besides renames, v0 gave the sample interval in milliseconds.
 */
const v0: Migration = {
  from: 0,
  summary: 'prototype keys renamed to the scenario model; sample_ms (ms) became sample_interval (s)',
  params(params) {
    const renames: Record<string, string> = {
      algo: 'aqm',
      minth: 'min_th',
      maxth: 'max_th',
      maxp: 'max_p',
      wq: 'w_q',
      bw: 'rate',
      qlen: 'buffer',
      n: 'flows',
      cc: 'tcp',
      cfg: 'z',
    }
    const out = new Map<string, string>()
    for (const [k, v] of params) {
      if (k === 'rtt_min' || k === 'rtt_max') continue
      const key = Object.hasOwn(renames, k) ? renames[k] : k
      out.set(key, key === 'aqm' ? renameKind(v) : v)
    }
    const lo = params.get('rtt_min')
    const hi = params.get('rtt_max')
    if (lo !== undefined || hi !== undefined) out.set('rtt', `${lo ?? '40'}-${hi ?? '100'}`)
    return out
  },
  json(scenario) {
    const s = renameKeys(scenario, { bottleneck: 'link', senders: 'flows', qdisc: 'aqm' })
    if (typeof s.sample_ms === 'number') s.sample_interval = s.sample_ms / 1000
    delete s.sample_ms
    if (Object.hasOwn(s, 'version')) s.version = 1
    const link = mapObject(getOwn(s, 'link'), (l) =>
      renameKeys(l, {
        bandwidth_mbps: 'rate_mbps',
        prop_delay_ms: 'delay_ms',
        queue_limit: 'buffer',
        queue_unit: 'buffer_unit',
      }),
    )
    if (link !== undefined) s.link = link
    const flows = getOwn(s, 'flows')
    if (Array.isArray(flows)) {
      s.flows = flows.map(
        (g) => mapObject(g, (o) => renameKeys(o, { n: 'count', cc: 'tcp', rtt_range_ms: 'rtt_ms' })) ?? g,
      )
    }
    const aqm = mapObject(getOwn(s, 'aqm'), (q) => {
      const r = renameKeys(q, { type: 'kind', minth: 'min_th', maxth: 'max_th', maxp: 'max_p', wq: 'w_q' })
      if (typeof r.kind === 'string') r.kind = renameKind(r.kind)
      return r
    })
    if (aqm !== undefined) s.aqm = aqm
    return s
  },
}

/**
 * Version 1's AQM parameters in seconds, by algorithm kind; milliseconds from version 2 on, like CoDel's and
 * PIE's always were (docs/scenario-versions.md). The engine lifts files with the same table
 * (engine-wasm/src/migrate.rs V1_SECONDS).
 */
export const V1_SECONDS: Readonly<Record<string, readonly string[]>> = {
  ared: ['interval', 'target_delay'],
  qvared: ['interval', 'target_delay', 'qt_reset_interval'],
  hred: ['rtt'],
  selective_drop: ['active_timeout'],
}
/** Version 1's GFR CDVT in µs, and its version 2 name in ms. */
export const V1_CDVT = ['cdvt_us', 'cdvt_ms'] as const

/**
 * `x · 10^places` on x's shortest decimal form, so 1.001 s becomes exactly 1001 ms (1.001 * 1000 is
 * 1000.9999999999999). The engine computes the same number (engine-wasm/src/migrate.rs shift_decimal).
 */
export function shiftDecimal(x: number, places: number): number {
  const [mantissa, exponent] = x.toExponential().split('e')
  const shifted = Number(`${mantissa}e${Number(exponent) + places}`)
  return Number.isFinite(shifted) ? shifted : x
}

/** Query keys that may hold an algorithm parameter: `name` and `aqm.name`; only `aqm.rtt` for HRED's
 *  rtt, since a bare `rtt` is the flow groups' RTT (urlCodec.ts writes a taken name as aqm.<name>). */
const queryKeys = (name: string): string[] => (name === 'rtt' ? ['aqm.rtt'] : [name, `aqm.${name}`])

/** Scales the number written under `from` by 10^places and moves it to `to` (the same key, or a rename). */
function scaleParam(params: Map<string, string>, from: string, to: string, places: number): void {
  const text = params.get(from)
  if (to !== from && params.has(to)) return // already written in the new unit: the old key is reported as unknown
  if (text === undefined || text.length > 40 || !NUMBER.test(text)) return // the codec reports it as it is
  const x = Number(text)
  if (!Number.isFinite(x)) return
  params.delete(from)
  params.set(to, String(shiftDecimal(x, places)))
}

function scaleField(o: JsonObject, from: string, to: string, places: number): void {
  const x = getOwn(o, from)
  if (typeof x !== 'number' || !Number.isFinite(x)) return
  delete o[from]
  setOwn(o, to, shiftDecimal(x, places))
}

/**
 * v1 → v2: every AQM time parameter in milliseconds. In a link the algorithm is its `aqm=` key; in scenario
 * JSON (a file, or a link's z=) the aqm object's own `kind`. The page never wrote one of these parameters
 * into z= (numbers are always readable keys), so a z= aqm object without its kind has none to convert.
 */
const v1: Migration = {
  from: 1,
  summary: 'AQM time parameters from s (and GFR cdvt_us, µs) to ms',
  params(params) {
    const out = new Map(params)
    const kind = out.get('aqm') ?? ''
    for (const name of Object.hasOwn(V1_SECONDS, kind) ? V1_SECONDS[kind] : []) {
      for (const key of queryKeys(name)) scaleParam(out, key, key, 3)
    }
    if (kind === 'gfr')
      for (const key of queryKeys(V1_CDVT[0])) scaleParam(out, key, key.replace(V1_CDVT[0], V1_CDVT[1]), -3)
    return out
  },
  json(scenario) {
    const s = clone(scenario)
    if (Object.hasOwn(s, 'version')) s.version = 2
    const aqm = getOwn(s, 'aqm')
    if (!isObject(aqm) || typeof aqm.kind !== 'string') return s
    const kind = aqm.kind
    for (const name of Object.hasOwn(V1_SECONDS, kind) ? V1_SECONDS[kind] : []) scaleField(aqm, name, name, 3)
    if (kind === 'gfr' && !Object.hasOwn(aqm, V1_CDVT[1])) scaleField(aqm, V1_CDVT[0], V1_CDVT[1], -3)
    return s
  },
}

/** Every migration, oldest first; MIGRATIONS[i].from === i. */
export const MIGRATIONS: readonly Migration[] = [v0, v1]

/** The oldest version this page still reads. */
export const OLDEST_VERSION = MIGRATIONS.length > 0 ? MIGRATIONS[0].from : LINK_VERSION

function chain(from: number): Migration[] {
  return MIGRATIONS.filter((m) => m.from >= from && m.from < LINK_VERSION)
}

export function migrateParams(params: Map<string, string>, from: number): Map<string, string> {
  return chain(from).reduce((p, m) => m.params(p), new Map(params))
}

export function migrateJson(scenario: JsonObject, from: number): JsonObject {
  return chain(from).reduce((s, m) => m.json(s), clone(scenario))
}
