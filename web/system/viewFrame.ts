// Reads the engine's system-view frame (engine-wasm/src/view.rs; layout in docs/system-view.md): the queue as
// slots of `perSlot` packets, each the flow of its first packet with a CE bit, and the drops and marks since
// the previous frame, evenly sampled by the engine when there were more than it keeps.

import { catalog } from '../contract/engine'

/** Why a packet was dropped or marked: the engine's reasons, in its order (aqm::Reason::ALL, the catalogue). */
export const REASONS: readonly string[] = catalog.reasons
export type Reason = string

/** Where the event happened: an arrival at the tail, a departure at the head, or the discipline's timer. */
export const WHERE = ['arrival', 'departure', 'timer'] as const
export type Where = (typeof WHERE)[number]

const FLOW_BITS = 21
const FLOW_MASK = (1 << FLOW_BITS) - 1
export const SLOT_CE_BIT = 0x80000000
const HEADER = 5

export interface ViewEvent {
  flow: number
  reason: Reason
  marked: boolean
  where: Where
}

export interface ViewFrame {
  perSlot: number
  /** One word per slot, oldest (head of the queue) first; read with slotFlow / slotMarked. */
  slots: Uint32Array
  /** The buffer's capacity in slots (the row the view draws). */
  capacitySlots: number
  /** Event words kept (a sample when fewer than eventsTotal); read with decodeEvent. */
  events: Uint32Array
  /** Every drop and mark since the previous frame. */
  eventsTotal: number
}

/** Splits a frame; null when it is shorter than its own header says (a corrupt or foreign message). */
export function readViewFrame(words: Uint32Array): ViewFrame | null {
  if (words.length < HEADER) return null
  const [perSlot, n, capacitySlots, kept, eventsTotal] = [words[0], words[1], words[2], words[3], words[4]]
  if (words.length !== HEADER + n + kept || perSlot < 1 || kept > eventsTotal) return null
  return {
    perSlot,
    slots: words.subarray(HEADER, HEADER + n),
    capacitySlots,
    events: words.subarray(HEADER + n),
    eventsTotal,
  }
}

export function slotFlow(word: number): number {
  return (word & ~SLOT_CE_BIT) >>> 0
}

export function slotMarked(word: number): boolean {
  return (word & SLOT_CE_BIT) !== 0
}

export function decodeEvent(word: number): ViewEvent {
  const reason = REASONS[((word >>> FLOW_BITS) & 7) % REASONS.length] ?? ''
  const marked = ((word >>> (FLOW_BITS + 3)) & 1) === 1
  const where = WHERE[Math.min((word >>> (FLOW_BITS + 4)) & 3, WHERE.length - 1)]
  return { flow: word & FLOW_MASK, reason, marked, where }
}
