// Page-side state of the simulation, outside React: folds worker messages into an immutable
// snapshot (for useSyncExternalStore), the live frame (what every frame changes: read by the frame
// loop, so React never renders because a frame arrived) and a mutable ring buffer of samples (for the
// charts).
import { readRunning, type RunningScenario } from '../scenario/running'
import { isLocked, isParamLocked } from '../scenario/teacherView'
import { SampleBuffer } from './samples'
import {
  assertNever,
  type AlgorithmInfo,
  type AqmConfig,
  type AqmState,
  type Curve,
  type ErrorCode,
  type ErrorContext,
  type FlowStates,
  type FromWorker,
  type RunSummary,
} from './protocol'
import type { SimClient } from './simClient'
import type { EngineProblem } from '../scenario/engineProblem'

/** A frame's system view as it arrived, with the engine's queue length at the same instant. */
export interface ViewFrameMsg {
  epoch: number
  simTime: number
  /** The engine's `q_pkts` in the same frame (its state()). */
  qPkts: number
  view: Uint32Array
  /** Arrival order of view frames since the page loaded. */
  seq: number
  /** performance.now() when it arrived. */
  arrivedAt: number
}

/** View frames held between two animation frames at most: two seconds of frames (a hidden tab draws none). */
const MAX_VIEW_FRAMES = 120

/** Rows kept for the charts: 8192 rows is about 7 minutes at the default 50 ms interval. */
export const BUFFER_ROWS = 8192
/**
 * Values kept at most (16 MiB of rows): a row holds two columns per flow, so with many flows the ring
 * holds fewer rows (1,000 flows: about 1,000 rows, 50 s at 50 ms; the decimated history keeps the rest of
 * the run) instead of 8192 rows of 2,000 columns (130 MiB).
 */
export const BUFFER_VALUES = 1 << 21
/** The most recent rows any chart needs in full resolution: the default 20 s window at 50 ms, with room. */
const MIN_BUFFER_ROWS = 1024

/** Rows of the ring buffer for rows of `columns` values. */
export function bufferRows(columns: number): number {
  return Math.max(MIN_BUFFER_ROWS, Math.min(BUFFER_ROWS, Math.floor(BUFFER_VALUES / Math.max(1, columns))))
}

export interface ShownError {
  /** What kind of failure; the page words it (see web/controls/ErrorNote.tsx). */
  code: ErrorCode
  /** The detail in English: the engine's own message, a panic text, ... */
  message: string
  context: ErrorContext
  /** The engine's typed refusal, which the page words in the reader's language (engineProblem.ts). */
  problem?: EngineProblem
}

export interface SimSnapshot {
  ready: boolean
  algorithms: AlgorithmInfo[]
  columns: string[]
  epoch: number
  playing: boolean
  speed: number
  aqm: AqmConfig | null
  /** The scenario the simulation was built from (the live AQM folded in), as the worker wrote it. */
  scenario: string
  /** The same scenario parsed once, frozen, with what the charts derive from it; null before the first. */
  running: RunningScenario | null
  /** The run stopped at the scenario's duration; Play continues past it. */
  ended: boolean
  /** The engine's summary of the current run since its warm-up; null until the first (a new run clears it). */
  summary: RunSummary | null
  /** Latest error per control (see errorKey); a new request to that control clears it. */
  errors: Record<string, ShownError>
}

/**
 * What every frame changes. The frame loop reads it (`store.live()`) and the few read-outs that follow the
 * clock select from it (`useLive`), so a frame never re-renders the lab.
 */
export interface LiveFrame {
  epoch: number
  simTime: number
  aqmState: AqmState
  curve: Curve | null
  /** Latest per-flow controller state of the flows with a path model (BBR), by flow index. */
  flowStates: FlowStates
  framesReceived: number
  /** Increases with every frame: charts redraw from the buffer when it changes. */
  version: number
}

/** The control an error belongs to, e.g. "set-param:min_th". */
export function errorKey(context: ErrorContext): string {
  return context.control === 'set-param' ? `set-param:${context.param}` : context.control
}

const initial: SimSnapshot = {
  ready: false,
  algorithms: [],
  columns: [],
  epoch: 0,
  playing: false,
  speed: 1,
  aqm: null,
  scenario: '',
  running: null,
  ended: false,
  summary: null,
  errors: {},
}

const initialLive: LiveFrame = {
  epoch: 0,
  simTime: 0,
  aqmState: {},
  curve: null,
  flowStates: {},
  framesReceived: 0,
  version: 0,
}

/** An immutable value, replaced by patches, and the listeners told of each replacement. */
class Published<T extends object> {
  value: T
  private readonly listeners = new Set<() => void>()

  constructor(initialValue: T) {
    this.value = initialValue
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  update(patch: Partial<T>): void {
    this.value = { ...this.value, ...patch }
    for (const l of this.listeners) l()
  }
}

export class SimStore {
  /** What React renders from (changes on state, summary and error messages). */
  private readonly state = new Published<SimSnapshot>(initial)
  /** What every frame changes. */
  private readonly frame = new Published<LiveFrame>(initialLive)
  private client: SimClient | null = null
  private unsubscribe: (() => void) | null = null
  buffer: SampleBuffer | null = null
  /** Slots the system view asked for (0: off); sent again when a new worker connects. */
  private viewSlots = 0
  /** The system view's frames since it last drew (web/system/); mutable like `buffer`, no React update. */
  readonly viewFrames: ViewFrameMsg[] = []

  connect(client: SimClient): void {
    this.disconnect()
    this.client = client
    this.unsubscribe = client.subscribe((msg) => this.receive(msg))
    client.send({ type: 'configure' })
    if (this.viewSlots > 0) client.send({ type: 'set-view', slots: this.viewSlots })
  }

  disconnect(): void {
    this.unsubscribe?.()
    this.client?.terminate()
    this.client = null
    this.unsubscribe = null
  }

  readonly subscribe = this.state.subscribe

  readonly getSnapshot = (): SimSnapshot => this.state.value

  private update(patch: Partial<SimSnapshot>): void {
    this.state.update(patch)
  }

  /** Hears of every frame and every change of the simulated time (not for React renders: see `useLive`). */
  readonly subscribeLive = this.frame.subscribe

  readonly live = (): LiveFrame => this.frame.value

  private updateLive(patch: Partial<LiveFrame>): void {
    this.frame.update(patch)
  }

  private clearError(key: string, alsoPrefix?: string): void {
    const gone = (k: string) => k === key || (alsoPrefix !== undefined && k.startsWith(alsoPrefix))
    // Nothing to clear (the usual case, e.g. every step of a drag): no new snapshot, so no render.
    if (!Object.keys(this.state.value.errors).some(gone)) return
    this.update({ errors: Object.fromEntries(Object.entries(this.state.value.errors).filter(([k]) => !gone(k))) })
  }

  /** Makes sure the ring buffer matches the columns; a new simulation starts empty. */
  private ensureBuffer(columns: string[], epoch: number): void {
    const buffer = this.buffer
    const same = buffer !== null && buffer.columns.join() === columns.join()
    // A discipline swapped in mid-run appends its traced entries (DualPI2's queues): the run so far stays.
    const widens =
      buffer !== null &&
      !same &&
      epoch === this.state.value.epoch &&
      columns.length > buffer.columns.length &&
      buffer.columns.every((c, i) => columns[i] === c)
    if (widens) this.buffer = buffer.widened(columns.slice(buffer.columns.length))
    else if (!same && columns.length > 0) this.buffer = new SampleBuffer(columns, bufferRows(columns.length))
    else if (epoch !== this.state.value.epoch) this.buffer?.clear()
  }

  /** Hears every worker message once the store has folded it in (the session recorder, web/session/). */
  readonly subscribeMessages = (listener: (msg: FromWorker) => void): (() => void) => {
    this.messageListeners.add(listener)
    return () => this.messageListeners.delete(listener)
  }
  private readonly messageListeners = new Set<(msg: FromWorker) => void>()

  receive(msg: FromWorker): void {
    this.fold(msg)
    for (const l of this.messageListeners) l(msg)
  }

  private fold(msg: FromWorker): void {
    switch (msg.type) {
      case 'ready':
        this.ensureBuffer(msg.columns, this.state.value.epoch)
        return this.update({ ready: true, algorithms: msg.algorithms, columns: msg.columns })
      case 'state':
        this.ensureBuffer(msg.columns, msg.epoch)
        if (msg.epoch !== this.frame.value.epoch || msg.simTime !== this.frame.value.simTime)
          this.updateLive({ epoch: msg.epoch, simTime: msg.simTime })
        return this.update({
          ...(msg.epoch !== this.state.value.epoch ? { summary: null } : {}),
          epoch: msg.epoch,
          playing: msg.playing,
          speed: msg.speed,
          // The same list keeps its array, so the charts that take it keep their props.
          columns: msg.columns.join() === this.state.value.columns.join() ? this.state.value.columns : msg.columns,
          aqm: msg.aqm,
          // Parsed here only, when it changes: every chart and pane reads the same frozen value.
          ...(msg.scenario !== this.state.value.scenario && {
            scenario: msg.scenario,
            running: readRunning(msg.scenario, msg.flows, this.state.value.running),
          }),
          ended: msg.ended === true,
        })
      case 'frame':
        if (msg.epoch !== this.state.value.epoch) {
          this.buffer?.clear()
        }
        if (this.buffer && msg.columns === this.buffer.stride) this.buffer.append(msg.samples)
        if (msg.view !== undefined && this.viewSlots > 0) {
          // A view that has not drawn for a while (hidden tab) keeps only the latest frames.
          if (this.viewFrames.length >= MAX_VIEW_FRAMES) this.viewFrames.shift()
          this.viewFrames.push({
            epoch: msg.epoch,
            simTime: msg.simTime,
            qPkts: msg.state.q_pkts ?? Number.NaN,
            view: msg.view,
            seq: ++this.viewSeq,
            arrivedAt: performance.now(),
          })
        }
        // A frame of a new simulation (its state message may still be on the way) starts a new run.
        if (msg.epoch !== this.state.value.epoch) this.update({ summary: null, epoch: msg.epoch })
        return this.updateLive({
          epoch: msg.epoch,
          simTime: msg.simTime,
          aqmState: msg.state,
          curve: msg.curve,
          flowStates: msg.flowStates ?? {},
          framesReceived: this.frame.value.framesReceived + 1,
          version: this.frame.value.version + 1,
        })
      case 'summary':
        // A summary of a simulation that has since been replaced is dropped.
        if (msg.epoch === this.state.value.epoch) this.update({ summary: msg.summary })
        return
      case 'error': {
        const shown: ShownError = {
          code: msg.code,
          message: msg.message,
          context: msg.context,
          ...(msg.problem !== undefined && { problem: msg.problem }),
        }
        return this.update({ errors: { ...this.state.value.errors, [errorKey(msg.context)]: shown } })
      }
      default:
        return assertNever(msg)
    }
  }

  private viewSeq = 0

  // ---- actions --------------------------------------------------------------------------

  /** Asks every frame to carry the system view with at most `slots` slots (0: stop). */
  setView(slots: number): void {
    const n = Math.max(0, Math.floor(slots))
    if (n === this.viewSlots) return
    this.viewSlots = n
    if (n === 0) this.viewFrames.length = 0
    this.client?.send({ type: 'set-view', slots: n })
  }

  play(): void {
    this.clearError('run')
    this.client?.send({ type: 'play' })
  }
  pause(): void {
    this.client?.send({ type: 'pause' })
  }
  step(seconds: number): void {
    this.clearError('step')
    this.client?.send({ type: 'step', seconds })
  }
  reset(): void {
    this.clearError('configure')
    this.client?.send({ type: 'reset' })
  }
  /**
   * Rebuilds the simulation from `scenarioJson` (time restarts at 0). The worker validates it first;
   * if the engine refuses, the running simulation stays and the error is filed under 'configure'.
   */
  configure(scenarioJson: string): void {
    this.clearError('configure')
    this.client?.send({ type: 'configure', scenario: scenarioJson })
  }
  /** Forgets an error the person has seen and acted on (e.g. edited the field it named). */
  dismissError(key: string): void {
    if (key in this.state.value.errors) this.clearError(key)
  }
  setSpeed(simSecondsPerWallSecond: number): void {
    this.client?.send({ type: 'set-speed', simSecondsPerWallSecond })
  }
  setParam(name: string, value: number): void {
    // Worksheet mode: a locked parameter never changes, whatever tried (slider, field, drag, keys).
    if (isParamLocked(name)) return
    this.clearError(`set-param:${name}`)
    this.client?.send({ type: 'set-param', name, value })
  }
  /** Missing parameters take the engine's defaults. */
  /** Switches to `kind`, with `config`'s parameters when given (a preset's own settings), else the defaults. */
  setAlgorithm(kind: string, config?: AqmConfig): void {
    // Worksheet mode: a locked algorithm stays (picker, host page, any other caller).
    if (isLocked('aqm')) return
    this.clearError('set-algorithm', 'set-param:')
    this.client?.send({ type: 'set-algorithm', aqm: config !== undefined && config.kind === kind ? config : { kind } })
  }
}
