// A scenario running in its own lab worker (a side of a comparison, a step of a lesson). It counts as
// on its scenario once the worker runs *that* scenario (a store first builds the engine's default)
// and, after a restart, once the rebuild has arrived.
import { useEffect, useState } from 'react'
import { SimClient, createSimWorker } from './simClient'
import type { RunningScenario } from '../scenario/running'
import { SimStore } from './store'

/**
 * Whether every field of `part` is in `whole` with the same value (arrays element by element), so a
 * running scenario that the worker or engine filled out with defaults still matches what was asked for.
 */
export function contains(whole: unknown, part: unknown): boolean {
  if (Array.isArray(part))
    return Array.isArray(whole) && whole.length === part.length && part.every((p, i) => contains(whole[i], p))
  if (typeof part === 'object' && part !== null) {
    if (typeof whole !== 'object' || whole === null || Array.isArray(whole)) return false
    return Object.entries(part).every(([k, v]) => contains(Object.getOwnPropertyDescriptor(whole, k)?.value, v))
  }
  return Object.is(whole, part)
}

export class Side {
  readonly store = new SimStore()
  readonly scenario: string
  /** The same, parsed once. */
  readonly value: unknown
  /** The epoch before the latest configure: the rebuild is in once the store has moved past it. */
  private epochBefore = -1
  private matched: { running: RunningScenario | null; match: boolean } = { running: null, match: false }
  /**
   * The epoch seen running this side's scenario. Parameter edits (a dragged threshold) change the running
   * scenario's AQM but not the epoch: the side stays on its scenario until the next rebuild.
   */
  private onEpoch = -1

  constructor(scenario: string) {
    this.scenario = scenario
    this.value = JSON.parse(scenario)
  }

  configure(): void {
    this.epochBefore = this.store.getSnapshot().epoch
    this.store.configure(this.scenario)
  }

  /** Whether the worker runs this side's scenario (rebuilt since the last configure). */
  onScenario(): boolean {
    const s = this.store.getSnapshot()
    if (!s.ready || s.epoch <= this.epochBefore) return false
    if (s.epoch === this.onEpoch) return true
    if (s.running !== this.matched.running) {
      this.matched = { running: s.running, match: s.running !== null && contains(s.running.value, this.value) }
    }
    if (this.matched.match) this.onEpoch = s.epoch
    return this.matched.match
  }

  step(seconds: number): void {
    this.store.step(seconds)
  }

  getSnapshot() {
    const s = this.store.getSnapshot()
    return { ready: this.onScenario(), simTime: this.store.live().simTime, epoch: s.epoch }
  }
}

/** One worker per scenario, connected and configured while the component is mounted. */
export function useSides(scenarios: readonly string[]): Side[] {
  const [sides] = useState(() => scenarios.map((s) => new Side(s)))
  useEffect(() => {
    for (const side of sides) {
      side.store.connect(new SimClient(createSimWorker()))
      side.configure()
    }
    return () => {
      for (const side of sides) side.store.disconnect()
    }
  }, [sides])
  return sides
}
