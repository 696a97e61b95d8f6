// The worker's brain, free of worker and wasm globals so it can be unit-tested with a fake
// engine: owns the running simulation, advances it in short wall-clock slices, batches the
// sampled rows into at most one frame per FRAME_MS, posts the run summary about once per
// SUMMARY_MS of wall time, and survives engine errors and panics.
import {
  assertNever,
  PROTOCOL_VERSION,
  type ErrorContext,
  type Curve,
  type FlowStates,
  type FromWorker,
  type RunSummary,
  type ToWorker,
} from './protocol'
import {
  parseAlgorithms,
  parseAqm,
  parseColumns,
  parseCurve,
  parseFlowStates,
  parseRunSummary,
  parseState,
  withAqm,
} from './decode'
import { stateColumn } from './columns'
import { parseObject } from '../scenario/json'
import { durationOf, parseFlows, type FlowInfo } from '../scenario/running'
import { parseValidation, problemOfError } from '../scenario/engineProblem'

/** What the runner needs from one wasm `Simulation` object. */
export interface EngineSim {
  run_for(seconds: number): void
  now(): number
  columns(): string
  take_samples(): Float64Array
  /** The traced state entries' names (DualPI2's per-queue values), JSON; absent in fakes and older builds. */
  state_columns?(): string
  /** Their rows since the last call, one per trace row. */
  take_state_samples?(): Float64Array
  set_param(name: string, value: number): void
  set_algorithm(aqmJson: string): void
  aqm(): string
  state(): string
  /** Every flow's identity as built (engine-wasm/src/sim.rs FlowIdentity), JSON; absent in fakes. */
  flows?(): string
  /** Per-flow path-model state (BBR), JSON {flow: {name: number}}; absent in fakes. */
  model_states?(): string
  curve(): string
  /** JSON summary of the run since the warm-up (cost O(flows), not growing with the run). */
  summary(): string
  /** The system view's frame (see FromWorker 'frame'.view); absent in fakes that do not draw one. */
  take_view?(maxSlots: number): Uint32Array
  free(): void
}

/** What the runner needs from the wasm module. */
export interface Engine {
  createSimulation(scenarioJson: string): EngineSim
  defaultScenario(): string
  algorithms(): string
  /** "" when the engine accepts the scenario, else the JSON of its problem (engineProblem.ts). */
  validateScenario(json: string): string
  lastPanicMessage(): string
}

export type Post = (msg: FromWorker, transfer?: Transferable[]) => void

export interface RunnerOptions {
  /** Wall clock in milliseconds. */
  clock?: () => number
  /** Runs `fn` after `delayMs` (0: as soon as pending messages had a chance to be handled). */
  schedule?: (fn: () => void, delayMs: number) => void
}

/**
 * Wall time spent simulating before yielding to the message loop: a dragged threshold waits for the end of
 * the current slice, so this bounds the engine's share of drag-to-screen latency (a yield costs ~0.05 ms).
 */
export const SLICE_MS = 4
/** Minimum wall time between two frames (one animation frame). */
export const FRAME_MS = 16
/** Pause between ticks once a finite speed has caught up, so 1× does not spin a core. */
export const IDLE_MS = 4
/** Minimum wall time between two run summaries while playing. */
export const SUMMARY_MS = 1000
/**
 * The worker answers no message while the engine builds a summary (O(flows) and a fixed histogram scan:
 * about a millisecond for 100 flows, however long the run): while playing, the next one waits at least
 * this many times as long as the last one took, so summaries never take more than ~5 % of its time.
 */
export const SUMMARY_COST_FACTOR = 20
/** Wall time counted at most between two ticks, so a stalled tab does not try to catch up. */
const MAX_TICK_GAP_MS = 100

/** A WebAssembly trap: with panic=abort a Rust panic surfaces as RuntimeError "unreachable". */
export function isTrap(e: unknown): boolean {
  return typeof WebAssembly !== 'undefined' && e instanceof WebAssembly.RuntimeError
}

export function errorMessage(e: unknown): string {
  if (e instanceof Error) return e.message
  return String(e)
}

export class Runner {
  private sim: EngineSim | null = null
  /** Last scenario that built successfully, with the live AQM folded in. */
  private scenario = ''
  private flows: FlowInfo[] = []
  private columns: string[] = []
  /** How many of `columns` are the engine's trace; the rest are its traced state entries (`state_<name>`). */
  private traceWidth = 0
  private epoch = 0
  private playing = false
  private speed = 1
  private curve: Curve | null = null
  /** Slots of the system view the page asked for; 0: frames carry none. */
  private viewSlots = 0
  /** Simulated time where playing stops: the scenario's duration, until the person chooses to continue. */
  private stopAt = Infinity
  /** Paused because the run reached its duration (Play continues past it). */
  private ended = false
  private pending: Float64Array[] = []
  private lastFrameAt = -Infinity
  private lastSummaryAt = -Infinity
  private summaryEveryMs = SUMMARY_MS
  private lastTickAt = 0
  private tickScheduled = false
  /** Simulated seconds per run_for call, adapted so one call takes about a millisecond. */
  private chunk = 0.01
  private readonly clock: () => number
  private readonly schedule: (fn: () => void, delayMs: number) => void
  private readonly engine: Engine
  private readonly post: Post

  constructor(engine: Engine, post: Post, options: RunnerOptions = {}) {
    this.engine = engine
    this.post = post
    this.clock = options.clock ?? (() => performance.now())
    this.schedule = options.schedule ?? ((fn, delayMs) => setTimeout(fn, delayMs))
  }

  /** Builds the default scenario and announces the engine to the page. */
  boot(): void {
    const defaultScenario = this.engine.defaultScenario()
    const algorithms = parseAlgorithms(this.engine.algorithms())
    this.build(defaultScenario)
    this.post({ type: 'ready', version: PROTOCOL_VERSION, algorithms, defaultScenario, columns: this.columns })
    this.flush()
    this.postState()
  }

  handle(msg: ToWorker): void {
    switch (msg.type) {
      case 'configure':
        return this.configure(msg.scenario ?? this.engine.defaultScenario())
      case 'play':
        if (this.ended || (this.sim !== null && this.sim.now() >= this.stopAt - 1e-9)) {
          // "Continue": run on past the scenario's duration, until the next rebuild.
          this.stopAt = Infinity
          this.ended = false
        }
        this.playing = true
        this.lastTickAt = this.clock()
        this.lastSummaryAt = this.lastTickAt // the last one came with the pause (or there is none yet)
        this.postState()
        return this.scheduleTick(0)
      case 'pause':
        this.flush()
        this.playing = false
        this.postState()
        this.postSummary()
        return
      case 'step': {
        const ok = this.guarded({ control: 'step' }, (sim) => sim.run_for(msg.seconds))
        this.flush()
        this.postState()
        if (ok) this.postSummary()
        return
      }
      case 'set-speed':
        this.speed = msg.simSecondsPerWallSecond
        return this.postState()
      case 'set-param':
        return this.changeAqm({ control: 'set-param', param: msg.name, value: msg.value }, (sim) =>
          sim.set_param(msg.name, msg.value),
        )
      case 'set-algorithm':
        return this.changeAqm({ control: 'set-algorithm', kind: msg.aqm.kind }, (sim) =>
          sim.set_algorithm(JSON.stringify(msg.aqm)),
        )
      case 'reset':
        return this.rebuild({ control: 'configure' })
      case 'set-view': {
        const starting = this.viewSlots === 0 && msg.slots > 0
        this.viewSlots = msg.slots
        // Turned on: start the event interval now, so the first frame does not show drops from before. A
        // new slot count (the view was resized) keeps the interval: no drop goes unreported.
        if (starting) this.sim?.take_view?.(msg.slots)
        return this.flush()
      }
      default:
        return assertNever(msg)
    }
  }

  private configure(json: string): void {
    const problem = parseValidation(this.engine.validateScenario(json))
    if (problem !== null) {
      this.post({ type: 'error', code: 'engine', message: problem.message, problem, context: { control: 'configure' } })
      return
    }
    try {
      this.build(json)
      this.flush()
      this.postState()
    } catch (e) {
      this.reportAndRecover({ control: 'configure' }, e)
    }
  }

  /** Replaces the simulation (callers then flush); throws, leaving the old one, if the engine refuses. */
  private build(json: string): void {
    const sim = this.engine.createSimulation(json)
    const old = this.sim
    this.sim = sim
    try {
      old?.free()
    } catch {
      // A simulation poisoned by a panic may refuse to be freed; it is dropped either way.
    }
    this.epoch++
    this.readColumns()
    this.scenario = withAqm(json, parseAqm(sim.aqm()))
    this.flows = sim.flows ? parseFlows(sim.flows()) : []
    this.curve = parseCurve(sim.curve())
    this.pending = []
    this.summaryEveryMs = SUMMARY_MS
    this.stopAt = durationOf(parseObject(json)) ?? durationOf(parseObject(this.engine.defaultScenario())) ?? Infinity
    this.ended = false
  }

  /** The engine's trace columns, then its traced state entries (`state_<name>`); true if they changed. */
  private readColumns(): boolean {
    const sim = this.sim
    if (sim === null) return false
    const trace = parseColumns(sim.columns())
    const state = sim.state_columns ? parseColumns(sim.state_columns()) : []
    const columns = [...trace, ...state.map(stateColumn)]
    const changed = columns.join() !== this.columns.join()
    this.traceWidth = trace.length
    if (changed) this.columns = columns
    return changed
  }

  private changeAqm(context: ErrorContext, change: (sim: EngineSim) => void): void {
    // Rows sampled so far go out with the columns they were sampled under, before a swap may add columns.
    if (context.control === 'set-algorithm') this.flush()
    const ok = this.guarded(context, (sim) => {
      change(sim)
      this.scenario = withAqm(this.scenario, parseAqm(sim.aqm()))
      this.curve = parseCurve(sim.curve())
    })
    if (!ok) return
    // The engine's traced state follows the new discipline: its own before the first sample, appended to
    // the run's after it (DualPI2's queues; the store widens its buffer).
    if (this.readColumns()) this.postState()
    // The curve travels with frames: send one now, so a paused lab's curve follows the edit too.
    this.flush()
    this.postState()
  }

  /** Runs `fn` on the simulation; on failure posts an error for `context` and returns false. */
  private guarded(context: ErrorContext, fn: (sim: EngineSim) => void): boolean {
    const sim = this.sim
    if (sim === null) {
      this.post({ type: 'error', code: 'no-simulation', message: '', context })
      return false
    }
    try {
      fn(sim)
      return true
    } catch (e) {
      this.reportAndRecover(context, e)
      return false
    }
  }

  private reportAndRecover(context: ErrorContext, e: unknown): void {
    if (!isTrap(e)) {
      const problem = problemOfError(e)
      this.post({
        type: 'error',
        code: 'engine',
        message: errorMessage(e),
        context,
        ...(problem !== undefined && { problem }),
      })
      return
    }
    let panic = ''
    try {
      panic = this.engine.lastPanicMessage()
    } catch {
      // The panic text is a nicety; the trap itself is reported below.
    }
    this.post({ type: 'error', code: 'panic', message: panic !== '' ? panic : errorMessage(e), context })
    this.rebuild(context)
  }

  /** Rebuilds from the last good scenario; pauses so a panicking setting does not loop. */
  private rebuild(context: ErrorContext): void {
    this.playing = false
    try {
      this.build(this.scenario)
      this.flush()
    } catch (e) {
      this.sim = null
      const where: ErrorContext = context.control === 'engine' ? context : { control: 'engine' }
      this.post({ type: 'error', code: 'rebuild', message: errorMessage(e), context: where })
    }
    this.postState()
  }

  private scheduleTick(delayMs: number): void {
    if (this.tickScheduled) return
    this.tickScheduled = true
    this.schedule(() => {
      this.tickScheduled = false
      this.tick()
    }, delayMs)
  }

  /** One slice: advance by speed × elapsed wall time (or as far as the slice allows). */
  tick(): void {
    if (!this.playing || this.sim === null) return
    const start = this.clock()
    const gap = Math.min(Math.max(start - this.lastTickAt, 0), MAX_TICK_GAP_MS)
    this.lastTickAt = start
    let budget = this.speed === Infinity ? Infinity : (this.speed * gap) / 1000
    budget = Math.min(budget, Math.max(0, this.stopAt - this.sim.now()))
    while (budget > 0 && this.clock() - start < SLICE_MS) {
      const step = Math.min(this.chunk, budget)
      const t0 = this.clock()
      if (!this.guarded({ control: 'run' }, (sim) => sim.run_for(step))) {
        this.playing = false
        return this.postState()
      }
      this.adaptChunk(this.clock() - t0)
      budget -= step
    }
    this.collect()
    if (this.sim !== null && this.sim.now() >= this.stopAt - 1e-9) return this.end()
    const summaryDue = this.clock() - this.lastSummaryAt >= this.summaryEveryMs
    // With a summary, flush too: the page then has every row the summary covers.
    if (summaryDue || this.clock() - this.lastFrameAt >= FRAME_MS) this.flush()
    if (summaryDue && !this.postSummary()) return
    // Caught up (finite speed): rest a little. Behind or at full speed: go on at once.
    this.scheduleTick(budget <= 0 ? IDLE_MS : 0)
  }

  /** The run reached the scenario's duration: pause there with its summary. */
  private end(): void {
    this.playing = false
    this.ended = true
    this.flush()
    this.postState()
    this.postSummary()
  }

  private adaptChunk(elapsedMs: number): void {
    if (elapsedMs < 0.5) this.chunk = Math.min(this.chunk * 2, 1)
    else if (elapsedMs > 2) this.chunk = Math.max(this.chunk / 2, 1e-4)
  }

  private collect(): void {
    if (this.sim === null) return
    const rows = this.sim.take_samples()
    const extra = this.columns.length - this.traceWidth
    const state = extra > 0 ? this.sim.take_state_samples?.() : undefined
    if (rows.length > 0) this.pending.push(state ? appendColumns(rows, this.traceWidth, state, extra) : rows)
  }

  /** Posts everything sampled since the last frame, transferring the buffer. */
  private flush(): void {
    const sim = this.sim
    if (sim === null) return
    this.collect()
    const total = this.pending.reduce((n, a) => n + a.length, 0)
    const samples = new Float64Array(total)
    let at = 0
    for (const block of this.pending) {
      samples.set(block, at)
      at += block.length
    }
    this.pending = []
    this.lastFrameAt = this.clock()
    const view = this.viewSlots > 0 ? sim.take_view?.(this.viewSlots) : undefined
    this.post(
      {
        type: 'frame',
        epoch: this.epoch,
        samples,
        columns: this.columns.length,
        simTime: sim.now(),
        state: parseState(sim.state()),
        curve: this.curve,
        ...this.flowStates(sim),
        ...(view ? { view } : {}),
      },
      view ? [samples.buffer, view.buffer] : [samples.buffer],
    )
  }

  /** The BBR flows' model state, only when there are some (frames of other runs stay as they were). */
  private flowStates(sim: EngineSim): { flowStates?: FlowStates } {
    if (!sim.model_states) return {}
    const parsed = parseFlowStates(sim.model_states())
    return Object.keys(parsed).length > 0 ? { flowStates: parsed } : {}
  }

  /** Posts the engine's run summary; false (and paused) if the engine failed. */
  private postSummary(): boolean {
    const start = this.clock()
    this.lastSummaryAt = start
    if (this.sim === null) return false
    const out: { summary?: RunSummary } = {}
    const ok = this.guarded({ control: 'run' }, (sim) => (out.summary = parseRunSummary(sim.summary())))
    this.summaryEveryMs = Math.max(SUMMARY_MS, SUMMARY_COST_FACTOR * (this.clock() - start))
    if (!ok) {
      if (this.playing) {
        this.playing = false
        this.postState()
      }
      return false
    }
    if (out.summary) this.post({ type: 'summary', epoch: this.epoch, summary: out.summary })
    return true
  }

  private postState(): void {
    const sim = this.sim
    this.post({
      type: 'state',
      epoch: this.epoch,
      playing: this.playing,
      speed: this.speed,
      simTime: sim === null ? 0 : sim.now(),
      columns: this.columns,
      aqm: sim === null ? { kind: 'none' } : parseAqm(sim.aqm()),
      scenario: this.scenario,
      flows: this.flows,
      ended: this.ended,
    })
  }
}

/**
 * Trace rows of `width` values with `extra` more per row from `state` (the engine samples both at the same
 * instants, one state row per trace row), as one row-major array; missing state values are NaN.
 */
export function appendColumns(rows: Float64Array, width: number, state: Float64Array, extra: number): Float64Array {
  const n = Math.floor(rows.length / width)
  const out = new Float64Array(n * (width + extra))
  for (let r = 0; r < n; r++) {
    out.set(rows.subarray(r * width, (r + 1) * width), r * (width + extra))
    for (let j = 0; j < extra; j++) out[r * (width + extra) + width + j] = state[r * extra + j] ?? Number.NaN
  }
  return out
}
