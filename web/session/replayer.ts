// Replays a session log (web/session/log.ts) on a store's simulation: rebuild from the log's scenario, then step
// the engine to each logged instant exactly (integer nanoseconds: `step` runs to now + its seconds rounded to the
// nanosecond, engine-wasm/src/api.rs) and apply the change there. The engine handles every event up to that instant
// first, as it did when the person acted, so the trace is the same bit for bit (docs/replay.md).
import type { AqmConfig, FromWorker } from '../engine/protocol'
import type { SimStore } from '../engine/store'
import { changesTrace, toNanos, type SessionLog } from './log'

export type Op =
  { op: 'step'; seconds: number } | { op: 'param'; name: string; value: number } | { op: 'algorithm'; aqm: AqmConfig }

/**
 * What takes the engine from `now` to `until` (nanoseconds): steps of at most `chunk` and, at its instant, each
 * trace-changing action from index `next` on with `at` ≤ `until`. Returns the ops and the next action's index.
 */
export function plan(
  log: SessionLog,
  now: number,
  next: number,
  until: number,
  chunk = Infinity,
): { ops: Op[]; next: number } {
  const changes = log.actions.filter(changesTrace)
  const ops: Op[] = []
  const stepTo = (t: number) => {
    while (now < t) {
      const d = Math.min(t - now, chunk)
      ops.push({ op: 'step', seconds: d / 1e9 })
      now += d
    }
  }
  let i = next
  for (; i < changes.length && changes[i].at <= until; i++) {
    const a = changes[i]
    stepTo(a.at)
    if (a.kind === 'param') ops.push({ op: 'param', name: a.name, value: a.value })
    else ops.push({ op: 'algorithm', aqm: a.aqm })
  }
  stepTo(until)
  return { ops, next: i }
}

/** Simulated time per pump at 1×, nanoseconds, and the wall time between pumps, ms. */
const PUMP_NS = 100_000_000
const PUMP_MS = 100

export interface ReplayStatus {
  /** Where the replay stands, nanoseconds. */
  at: number
  playing: boolean
  done: boolean
}

/** Drives `store` through `log`; `onStatus` hears where it stands. */
export class Replayer {
  private readonly store: SimStore
  private readonly log: SessionLog
  private readonly onStatus: (s: ReplayStatus) => void
  /** The epoch before our last rebuild: the replay's simulation is the next one. */
  private before = -1
  private epoch = -1
  private now = 0
  private next = 0
  /** Where the ops sent so far take the engine; a pump waits until the engine confirms it. */
  private target = 0
  private playing = false
  /** Simulated seconds per wall second; Infinity: as fast as the engine can. */
  private speed = Infinity
  private timer: ReturnType<typeof setTimeout> | null = null
  private stop: (() => void) | null = null

  constructor(store: SimStore, log: SessionLog, onStatus: (s: ReplayStatus) => void) {
    this.store = store
    this.log = log
    this.onStatus = onStatus
  }

  /** Starts listening to the engine and replays from the start; `dispose` undoes it. */
  start(): void {
    this.stop?.()
    this.stop = this.store.subscribeMessages((msg) => this.receive(msg))
    this.seek(0)
    this.play()
  }

  dispose(): void {
    this.stop?.()
    this.stop = null
    this.playing = false
    if (this.timer !== null) clearTimeout(this.timer)
    this.timer = null
  }

  setSpeed(speed: number): void {
    this.speed = speed
  }

  /** Rebuilds and runs to `t` (nanoseconds) at once, with every change up to it; then plays on if it was playing. */
  seek(t: number): void {
    const until = Math.max(0, Math.min(t, this.log.end))
    this.store.pause()
    this.before = this.store.getSnapshot().epoch
    this.epoch = -1
    this.store.configure(this.log.scenario)
    this.now = 0
    this.next = 0
    this.send(until, Infinity)
  }

  play(): void {
    if (this.now >= this.log.end) this.seek(0)
    this.playing = true
    this.report()
    if (this.confirmed()) this.pump()
  }

  pause(): void {
    this.playing = false
    if (this.timer !== null) clearTimeout(this.timer)
    this.timer = null
    this.report()
  }

  private send(until: number, chunk: number): void {
    const p = plan(this.log, this.now, this.next, until, chunk)
    for (const op of p.ops) {
      if (op.op === 'step') this.store.step(op.seconds)
      else if (op.op === 'param') this.store.setParam(op.name, op.value)
      else this.store.setAlgorithm(op.aqm.kind, op.aqm)
    }
    this.next = p.next
    this.now = until
    this.target = until
  }

  private confirmed(): boolean {
    const live = this.store.live()
    return this.epoch !== -1 && live.epoch === this.epoch && toNanos(live.simTime) >= this.target
  }

  private pump(): void {
    this.timer = null
    if (!this.playing) return
    if (this.now >= this.log.end) {
      this.playing = false
      return this.report()
    }
    const fast = this.speed === Infinity
    const step = fast ? 10 * PUMP_NS : Math.max(1_000_000, Math.round(PUMP_NS * this.speed))
    this.send(Math.min(this.log.end, this.now + step), Infinity)
  }

  private receive(msg: FromWorker): void {
    if (msg.type !== 'state') return
    // The worker handles messages in order, so every op sent after our rebuild acts on our simulation; the
    // latest epoch since that rebuild is ours (an earlier rebuild still on its way only delays the pacing).
    if (this.before !== -1 && msg.epoch > this.before && msg.epoch > this.epoch) this.epoch = msg.epoch
    if (msg.epoch !== this.epoch) return
    this.report()
    if (this.playing && this.timer === null && toNanos(msg.simTime) >= this.target)
      this.timer = setTimeout(() => this.pump(), this.speed === Infinity ? 0 : PUMP_MS)
  }

  private report(): void {
    const at = Math.min(this.target, toNanos(this.store.live().simTime))
    this.onStatus({ at, playing: this.playing, done: this.now >= this.log.end && at >= this.log.end })
  }
}
