// A discipline's sub-queues as the engine declares them (web/contract/engine.ts, `algorithms[].state`: each
// entry's `queue` class and meaning; docs/algorithms/dualpi2.md): DualPI2's L4S and classic queues, each with
// its backlog, the sojourn of its last packet, the signal probability it applies and its counts of marks and
// drops by cause. Charts, the system view and the tables read queues from here, never by entry name, so a
// second discipline with two queues needs its words only.
import { catalog } from '../contract/engine'
import type { AqmState } from './protocol'
import { stateColumn } from './columns'

export type StateEntry = (typeof catalog.algorithms)[number]['state'][number]
/** The traffic class a sub-queue holds (RFC 9330 §2). */
export type QueueClass = NonNullable<StateEntry['queue']>

export interface Declared {
  /** The engine's `state()` key. */
  name: string
  unit: string
  /** The page's trace column when the engine samples it (`traced`), else null (latest value only). */
  column: string | null
}

export interface SubQueue {
  cls: QueueClass
  /** The backlog in packets and in bytes. */
  level: { packets: Declared | null; bytes: Declared | null }
  /** The sojourn of the last packet it sent on. */
  sojourn: Declared | null
  /** The signal probability its packets see (DualPI2's p_C, p_CL). */
  probability: Declared | null
  /** Its counts of signals by cause, in declared order. */
  counts: Declared[]
}

const CLASS_ORDER: readonly QueueClass[] = ['l4s', 'classic']

function declared(e: StateEntry): Declared {
  return { name: e.name, unit: e.unit, column: e.traced ? stateColumn(e.name) : null }
}

/** The sub-queues the discipline `kind` declares, L4S first; [] for a discipline with one queue. */
export function subQueuesOf(kind: string | undefined): SubQueue[] {
  return subQueuesFrom(catalog.algorithms.find((a) => a.kind === kind)?.state ?? [])
}

/** The sub-queues a declared state list describes. */
export function subQueuesFrom(state: readonly StateEntry[]): SubQueue[] {
  const classes = CLASS_ORDER.filter((c) => state.some((s) => s.queue === c))
  return classes.map((cls) => {
    const mine = state.filter((s) => s.queue === cls)
    const first = (pred: (s: StateEntry) => boolean) => {
      const e = mine.find(pred)
      return e === undefined ? null : declared(e)
    }
    return {
      cls,
      level: {
        packets: first((s) => s.meaning === 'queue_level' && s.unit === 'packets'),
        bytes: first((s) => s.meaning === 'queue_level' && s.unit === 'bytes'),
      },
      sojourn: first((s) => s.meaning === 'sojourn' || s.meaning === 'queue_delay'),
      probability: first((s) => s.meaning === 'queue_probability'),
      counts: mine.filter((s) => s.meaning === 'count').map(declared),
    }
  })
}

/** The probability the discipline applies now (its one `probability` entry; the trace's `p`), if any. */
export function baseProbabilityOf(kind: string | undefined): string | null {
  const state: readonly StateEntry[] = catalog.algorithms.find((a) => a.kind === kind)?.state ?? []
  return state.find((s) => s.meaning === 'probability')?.name ?? null
}

/** A declared time in ms (entries declare s or ms). */
export function toMs(value: number, unit: string): number {
  return unit === 's' ? value * 1000 : value
}

export interface SubQueueNow {
  cls: QueueClass
  packets: number
  bytes: number
  sojournMs: number
  probability: number
  counts: Array<{ name: string; value: number }>
}

/** Each sub-queue's values in the latest state snapshot (NaN where the engine reported none). */
export function subQueuesNow(queues: readonly SubQueue[], state: AqmState): SubQueueNow[] {
  const v = (d: Declared | null) => (d !== null && Number.isFinite(state[d.name]) ? state[d.name] : Number.NaN)
  return queues.map((q) => ({
    cls: q.cls,
    packets: v(q.level.packets),
    bytes: v(q.level.bytes),
    sojournMs: q.sojourn === null ? Number.NaN : toMs(v(q.sojourn), q.sojourn.unit),
    probability: v(q.probability),
    counts: q.counts.map((c) => ({ name: c.name, value: v(c) })),
  }))
}

/** The class of a flow group's packets from the codepoint they carry: ECT(1) is the L4S identifier (RFC 9331 §5.1). */
export function classOfCodepoint(codepoint: string): QueueClass {
  return codepoint === 'ect1' ? 'l4s' : 'classic'
}
