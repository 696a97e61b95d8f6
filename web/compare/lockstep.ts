// Drives several simulations in lock step so that their time axes stay linked: instead of letting each
// worker play at its own pace, it sends every side the same `step(dt)` and waits until all of them
// have reported the new time before the next one. Same scenarios + same steps = same clocks, to the
// nanosecond, whatever each side's algorithm costs.

/** The part of a SimStore the lock step needs. */
export interface Steppable {
  step(seconds: number): void
  getSnapshot(): { ready: boolean; simTime: number; epoch: number }
}

export interface LockstepOptions {
  clock?: () => number
  /** Calls `fn` again soon (the next animation frame in the page). */
  schedule?: (fn: () => void) => void
}

/** Largest step sent at once, simulated seconds (keeps the page responsive at "as fast as possible"). */
export const MAX_STEP_S = 0.5
/** A step smaller than this waits for more wall time instead. */
const MIN_STEP_S = 0.005

export class Lockstep {
  private readonly sides: readonly Steppable[]
  private readonly clock: () => number
  private readonly schedule: (fn: () => void) => void
  private playing = false
  private speed = 1
  /** The time every side is asked to reach. */
  target = 0
  private lastWall = 0
  private scheduled = false
  private readonly listeners = new Set<() => void>()

  constructor(sides: readonly Steppable[], options: LockstepOptions = {}) {
    this.sides = sides
    this.clock = options.clock ?? (() => performance.now())
    this.schedule = options.schedule ?? ((fn) => requestAnimationFrame(() => fn()))
  }

  get isPlaying(): boolean {
    return this.playing
  }
  get currentSpeed(): number {
    return this.speed
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  private changed(): void {
    for (const l of this.listeners) l()
  }

  /** True when every side is ready and has reached the target. */
  caughtUp(): boolean {
    return this.sides.every((s) => {
      const snap = s.getSnapshot()
      return snap.ready && snap.simTime >= this.target - 1e-9
    })
  }

  /** The time all sides share (the slowest side's). */
  commonTime(): number {
    return Math.min(...this.sides.map((s) => s.getSnapshot().simTime))
  }

  play(): void {
    if (this.playing) return
    this.playing = true
    this.lastWall = this.clock()
    this.changed()
    this.loop()
  }

  pause(): void {
    this.playing = false
    this.changed()
  }

  setSpeed(speed: number): void {
    this.speed = speed
    this.changed()
  }

  /** One step of `seconds` on every side, when all have caught up; false otherwise. */
  step(seconds: number): boolean {
    if (!(seconds > 0) || !this.caughtUp()) return false
    this.target = this.commonTime() + seconds
    for (const s of this.sides) s.step(seconds)
    return true
  }

  /** The sides were rebuilt (time 0). */
  restart(): void {
    this.target = 0
    this.lastWall = this.clock()
    this.changed()
  }

  /** One turn of the play loop: step by speed × elapsed wall time once everyone caught up. */
  tick(): void {
    if (!this.playing) return
    const now = this.clock()
    if (this.caughtUp()) {
      const elapsed = Math.max(0, now - this.lastWall) / 1000
      const dt = this.speed === Infinity ? MAX_STEP_S : Math.min(this.speed * elapsed, MAX_STEP_S)
      if (dt >= MIN_STEP_S) {
        this.step(dt)
        this.lastWall = now
      }
    } else {
      // Waiting for a slow side: wall time spent waiting is not owed afterwards.
      this.lastWall = Math.max(this.lastWall, now - 100)
    }
  }

  private loop(): void {
    if (this.scheduled) return
    this.scheduled = true
    this.schedule(() => {
      this.scheduled = false
      if (!this.playing) return
      this.tick()
      this.loop()
    })
  }
}
