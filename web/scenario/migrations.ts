// Old links and files keep working: each migration lifts one format version to the next, on the query
// parameters of a link (before its z= part is decompressed) and on the scenario JSON (a link's z=, a
// file's scenario). The version is the scenario model's (engine-wasm/src/scenario.rs SCENARIO_VERSION):
// when the model changes shape, or a default changes (an old link leaves out what equalled the old
// default!), bump both and add a migration here that writes what the old version meant.
import { clone, getOwn, isObject, setOwn, type Json, type JsonObject } from './model'

/** The format this page writes: links carry it as `v=`, scenario files as `"version"`. */
export const LINK_VERSION = 1

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
      s.flows = flows.map((g) => mapObject(g, (o) => renameKeys(o, { n: 'count', cc: 'tcp', rtt_range_ms: 'rtt_ms' })) ?? g)
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

/** Every migration, oldest first; MIGRATIONS[i].from === i. */
export const MIGRATIONS: readonly Migration[] = [v0]

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
