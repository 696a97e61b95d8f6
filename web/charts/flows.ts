// The flows of a scenario as the charts need them (web/scenario/running.ts lists them): which colour each
// one gets (by flow or by TCP variant), and which trace lies nearest the pointer (to highlight a flow on hover).

import { catalog } from '../contract/engine'
import type { FlowInfo } from '../scenario/running'

export type { FlowInfo }

/** Every variant in the engine's catalogue order, then UDP: a variant keeps its colour when others come and go. */
const VARIANT_ORDER: readonly string[] = [...catalog.congestion_controls.map((c) => c.name), 'udp']

/** The variants present, in a fixed order so a variant keeps its colour when others come and go. */
export function variantsOf(flows: readonly FlowInfo[]): string[] {
  const order = VARIANT_ORDER
  const present = new Set(flows.map((f) => f.variant))
  return [...order.filter((v) => present.has(v)), ...[...present].filter((v) => !order.includes(v)).sort()]
}

export type ColourBy = 'flow' | 'variant'

/** Index into the series colours for flow `i`. */
export function colourIndex(i: number, by: ColourBy, flows: readonly FlowInfo[], variants: string[]): number {
  if (by === 'flow') return i
  const v = flows[i]?.variant
  return Math.max(0, v === undefined ? 0 : variants.indexOf(v))
}

/**
 * The trace nearest the pointer: `ys[i]` is trace i's screen y at the pointer's time (NaN where it
 * has no value). Returns null when none is within `maxPx` pixels.
 */
export function nearestTrace(ys: ArrayLike<number>, pointerY: number, maxPx: number): number | null {
  let best: number | null = null
  let bestD = maxPx
  for (let i = 0; i < ys.length; i++) {
    const d = Math.abs(ys[i] - pointerY)
    if (d <= bestD) {
      best = i
      bestD = d
    }
  }
  return best
}

/** Points (two per bucket) of all the traces together in one frame, at most, down to MIN_BUCKETS a trace. */
const CWND_POINTS = 25_000
const MIN_BUCKETS = 40

/** Buckets per trace for `flows` traces across `width` pixels. */
export function cwndBuckets(width: number, flows: number): number {
  if (flows <= 20) return width
  return Math.max(Math.min(MIN_BUCKETS, width), Math.min(width / 3, CWND_POINTS / (2 * flows)))
}
