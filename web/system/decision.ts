// The AQM's current decision in a few words, from the engine's state() values and the running parameters:
// the drop/mark probability it applies now, the queue measure it decides on (average, virtual queue,
// sojourn or queueing delay) and that measure's target. Only values the engine reported are shown. Which
// entry is which comes from the discipline's declared state (web/contract/engine.ts, `algorithms[].state`).
import { catalog } from '../contract/engine'
import type { AqmConfig, AqmState } from '../engine/protocol'

export interface DecisionItem {
  /** i18n key under charts:system.decision. */
  key: 'p' | 'avg' | 'vq' | 'sojourn' | 'qdelay' | 'target' | 'thresholds' | 'dropping' | 'cells' | 'discards' | 'none'
  /** Values for the catalogue's interpolation. */
  values: Record<string, number | string>
}

type StateEntry = (typeof catalog.algorithms)[number]['state'][number]
type Meaning = StateEntry['meaning']

const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v)

function round(v: number, digits: number): number {
  const f = 10 ** digits
  return Math.round(v * f) / f
}

/** A declared time in ms (the engine reports delays in its declared unit: s or ms). */
function inMs(value: number, unit: string): number {
  return unit === 's' ? value * 1000 : value
}

/** The entries a discipline declares for its `state()` (web/contract/engine.ts). */
function declaredState(kind: string | undefined): readonly StateEntry[] {
  return catalog.algorithms.find((a) => a.kind === kind)?.state ?? []
}

/**
 * The bottleneck buffer as the discipline holds it: a discipline that declares a buffer of its own (meaning
 * `buffer`: GFR's MAX_Q ATM cells, the link's packet buffer unused) is read in its declared unit, from its
 * state or else the parameter of the same name; every other discipline uses the link's.
 */
export function bufferOf(
  aqm: AqmConfig | null,
  state: AqmState,
  link: { buffer: number; unit: 'packets' | 'bytes' },
): { buffer: number; unit: string } {
  const own = declaredState(aqm?.kind).find((s) => s.meaning === 'buffer')
  const value = own === undefined ? undefined : finite(state[own.name]) ? state[own.name] : aqm?.[own.name]
  return own !== undefined && finite(value) ? { buffer: value, unit: own.unit } : link
}

export function decisionOf(aqm: AqmConfig | null, state: AqmState): DecisionItem[] {
  if (aqm === null) return []
  // The discipline as a whole: a sub-queue's entries (DualPI2's per-queue sojourns) have their own line
  // (web/engine/subQueues.ts).
  const declared = declaredState(aqm.kind).filter((s) => s.queue === null)
  /** The first declared entry with `meaning` that the engine reported as a number. */
  const entry = (meaning: Meaning): { name: string; value: number; unit: string } | null => {
    const e = declared.find((s) => s.meaning === meaning && finite(state[s.name]))
    return e === undefined ? null : { name: e.name, value: state[e.name], unit: e.unit }
  }
  const out: DecisionItem[] = []
  const p = entry('probability')
  if (p !== null) out.push({ key: 'p', values: { name: p.name, p: round(p.value, 4) } })
  const vq = entry('virtual_queue')
  const avg = entry('average')
  if (vq !== null) out.push({ key: 'vq', values: { value: round(vq.value, 1) } })
  else if (avg !== null) out.push({ key: 'avg', values: { value: round(avg.value, 1) } })
  // The thresholds the discipline uses now (declared: RED's, ARED's adapted ones), else the configured ones.
  const [lo, hi] = declared.filter((s) => s.meaning === 'threshold').map((s) => state[s.name])
  if (finite(lo) && finite(hi)) {
    out.push({ key: 'thresholds', values: { min: round(lo, 1), max: round(hi, 1) } })
  } else if (finite(aqm.min_th) && finite(aqm.max_th)) {
    out.push({ key: 'thresholds', values: { min: round(aqm.min_th, 1), max: round(aqm.max_th, 1) } })
  }
  // CoDel and FQ-CoDel decide on the sojourn time against `target` (RFC 8289 §4.3); PIE on the queueing
  // delay against QDELAY_REF (RFC 8033 §4.2).
  const sojourn = entry('sojourn')
  if (sojourn !== null) out.push({ key: 'sojourn', values: { ms: round(inMs(sojourn.value, sojourn.unit), 1) } })
  const qdelay = entry('queue_delay')
  if (qdelay !== null) out.push({ key: 'qdelay', values: { ms: round(inMs(qdelay.value, qdelay.unit), 1) } })
  const target = entry('target')
  if (target !== null) out.push({ key: 'target', values: { ms: round(inMs(target.value, target.unit), 2) } })
  // A 0/1 switch (CoDel) or a count of queues in the dropping state (FQ-CoDel): either way, n > 0 is dropping.
  const dropping = entry('dropping')
  if (dropping !== null && dropping.value > 0) out.push({ key: 'dropping', values: { n: dropping.value } })
  // A cell buffer decided on frame by frame against two occupancies (GFR's LBO and HBO, early packet discard),
  // and the discards since the start (Goyal et al., "Design issues for providing minimum rate guarantees to
  // the ATM unspecified bit rate service", 1998).
  const [q, lbo, hbo] = (['occupancy', 'discard_low', 'discard_high'] as const).map(entry)
  if (q !== null && lbo !== null && hbo !== null)
    out.push({ key: 'cells', values: { q: q.value, lbo: lbo.value, hbo: hbo.value } })
  const [epd, ppd] = (['early_discards', 'partial_discards'] as const).map(entry)
  if (epd !== null && ppd !== null) out.push({ key: 'discards', values: { epd: epd.value, ppd: ppd.value } })
  if (out.length === 0) out.push({ key: 'none', values: {} })
  return out
}
