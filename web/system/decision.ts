// The AQM's current decision in a few words, from the engine's state() values and the running parameters:
// the drop/mark probability it applies now, the queue measure it decides on (average, virtual queue,
// sojourn or queueing delay) and that measure's target. Only values the engine reported are shown.
import type { AqmConfig, AqmState } from '../engine/protocol'

export interface DecisionItem {
  /** i18n key under charts:system.decision. */
  key: 'p' | 'avg' | 'vq' | 'sojourn' | 'qdelay' | 'target' | 'thresholds' | 'dropping' | 'cells' | 'discards' | 'none'
  /** Values for the catalogue's interpolation. */
  values: Record<string, number | string>
}

/** The probability the discipline applies now, by the names the engine uses (most specific first). */
const PROBABILITY_KEYS = ['p_a', 'p', 'drop_prob', 'prob', 'p_m', 'p_b'] as const

const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v)

function round(v: number, digits: number): number {
  const f = 10 ** digits
  return Math.round(v * f) / f
}

/**
 * The bottleneck buffer as the discipline holds it: GFR keeps its own buffer of MAX_Q ATM cells (the
 * link's packet buffer is unused, 0); every other discipline uses the link's.
 */
export function bufferOf(
  aqm: AqmConfig | null,
  link: { buffer: number; unit: 'packets' | 'bytes' },
): { buffer: number; unit: 'packets' | 'bytes' | 'cells' } {
  if (aqm?.kind === 'gfr' && finite(aqm.max_q_cells)) return { buffer: aqm.max_q_cells, unit: 'cells' }
  return link
}

export function decisionOf(aqm: AqmConfig | null, state: AqmState): DecisionItem[] {
  if (aqm === null) return []
  const out: DecisionItem[] = []
  const pKey = PROBABILITY_KEYS.find((k) => finite(state[k]))
  if (pKey !== undefined) out.push({ key: 'p', values: { name: pKey, p: round(state[pKey], 4) } })
  if (finite(state.vq)) out.push({ key: 'vq', values: { value: round(state.vq, 1) } })
  else if (finite(state.avg)) out.push({ key: 'avg', values: { value: round(state.avg, 1) } })
  if (finite(state.min_th) && finite(state.max_th)) {
    out.push({ key: 'thresholds', values: { min: round(state.min_th, 1), max: round(state.max_th, 1) } })
  } else if (finite(aqm.min_th) && finite(aqm.max_th)) {
    out.push({ key: 'thresholds', values: { min: round(aqm.min_th, 1), max: round(aqm.max_th, 1) } })
  }
  // CoDel and FQ-CoDel decide on the sojourn time against `target` (RFC 8289 §4.3); PIE on the queueing
  // delay against QDELAY_REF (RFC 8033 §4.2).
  if (finite(state.sojourn)) out.push({ key: 'sojourn', values: { ms: round(state.sojourn * 1000, 1) } })
  if (finite(state.qdelay)) out.push({ key: 'qdelay', values: { ms: round(state.qdelay * 1000, 1) } })
  const target = finite(aqm.target) ? aqm.target : finite(aqm.qdelay_ref) ? aqm.qdelay_ref : null
  if (target !== null) out.push({ key: 'target', values: { ms: round(target, 2) } })
  if (state.dropping === 1 || (finite(state.dropping_queues) && state.dropping_queues > 0)) {
    out.push({ key: 'dropping', values: { n: finite(state.dropping_queues) ? state.dropping_queues : 1 } })
  }
  // GFR decides frame by frame on the buffer in ATM cells against LBO and HBO (early packet discard), and
  // counts its discards since the start (Goyal et al., "Design issues for providing minimum rate
  // guarantees to the ATM unspecified bit rate service", 1998).
  if (finite(state.q_cells) && finite(state.lbo_cells) && finite(state.hbo_cells)) {
    out.push({ key: 'cells', values: { q: state.q_cells, lbo: state.lbo_cells, hbo: state.hbo_cells } })
  }
  if (finite(state.epd_frames) && finite(state.ppd_frames)) {
    out.push({ key: 'discards', values: { epd: state.epd_frames, ppd: state.ppd_frames } })
  }
  if (out.length === 0) out.push({ key: 'none', values: {} })
  return out
}
