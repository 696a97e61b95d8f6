// The one message protocol between the page and the simulation worker, both directions.
// Every message is a plain object discriminated on `type`. The guards below are the only
// place where an incoming `unknown` becomes a typed message: no `as` casts anywhere else.

import { isHistogram, type DelayHistogram, type FlowResult } from './resultsModel'
import { isEngineProblem, type EngineProblem } from '../scenario/engineProblem'
import type { FlowInfo } from '../scenario/running'
import { catalog, type AlgorithmEntry } from '../contract/engine'

export const PROTOCOL_VERSION = 1

/** What a parameter means to its discipline (engine `params::Role`; docs/parameter-roles.md). */
export type ParamRole =
  | 'queue_level'
  | 'flow_level'
  | 'delay_target'
  | 'probability'
  | 'period'
  | 'weight'
  | 'gain'
  | 'switch'
  | 'count'
  | 'size'
  | 'rate'
  | 'other'
const PARAM_ROLES: readonly string[] = [
  'queue_level',
  'flow_level',
  'delay_target',
  'probability',
  'period',
  'weight',
  'gain',
  'switch',
  'count',
  'size',
  'rate',
  'other',
]

/** What an algorithm's `band_lo`/`band_hi` state means (engine `params::Band`). */
export type BandKind = 'average' | 'delay' | 'reference'
const BAND_KINDS: readonly string[] = ['average', 'delay', 'reference']

/** One parameter of an algorithm, as described by the engine's `algorithms()`. */
export interface ParamSchema {
  name: string
  label: string
  unit: string
  min: number
  max: number
  default: number
  step: number
  integer: boolean
  boolean: boolean
  help: string
  /** The engine declares these; absent in hand-made fixtures, where they mean: role 'other', no
   * ordering, fixed range, no handle. */
  role?: ParamRole
  /** The algorithm adapts the value as it runs; the setting is where it starts (ARED's max_p). */
  adapts?: boolean
  /** The parameter this one must stay below (min_th < max_th). */
  below?: string | null
  /** For a probability: the queue level at which the drop curve reaches it (max_p at max_th). */
  at?: string | null
  /** 'buffer': a queue level, useful up to the link's buffer whatever `max` allows. */
  range_follows?: 'fixed' | 'buffer'
  /** The charts offer a drag handle for it (which chart follows from the role). */
  handle?: boolean
  /** A choice (DualPI2's scheduler): the names it takes; `default` and a set value are indices into it. */
  choices?: readonly string[]
  /** It acts only while a sibling choice or switch has one of these settings (web/catalog/conditions.ts). */
  applies_when?: { param: string; values: readonly string[] }
}

/** One queue discipline the engine offers, as described by the engine's `algorithms()`. */
export interface AlgorithmInfo {
  kind: string
  label: string
  citation: string
  summary: string
  params: ParamSchema[]
  /** The parameter capping each flow's own packets in the queue, for a discipline that decides per flow
   * (seed 004's selective drop: Q_thresh); null or absent for the others. */
  per_flow_cap?: string | null
  /** A scenario field it cannot run without (GFR: link.atm); null or absent for the others. */
  requires_field?: string | null
  /** Every reason it can drop / CE-mark a packet for (the trace's drops_<reason>, marks_<reason>); absent: any. */
  drop_causes?: string[]
  mark_causes?: string[]
  /** What its state's band_lo/band_hi mean, if it reports a target band. */
  band?: BandKind | null
  /** What its `avg` is (the engine's AvgMeaning): an average of the queue, AVQ's virtual queue, or GFR's own queue. */
  avg?: AlgorithmEntry['avg']
}

/** The running AQM's configuration, flat as the engine writes it: {"kind":"red","min_th":5,...}. */
export interface AqmConfig {
  kind: string
  /** Lists are per-flow values (GFR's `mcr_mbps`, one minimum cell rate per VC; seed 002). */
  [param: string]: number | boolean | string | number[]
}

/** A snapshot of the AQM's internal state (avg, p_b, count, ...); numbers only. */
export type AqmState = Record<string, number>
/** Flow index → that flow's controller state (BBR: mode 0–3, btl_bw_mbps, min_rtt_ms, pacing_gain, cwnd_gain). */
export type FlowStates = Record<string, Record<string, number>>

/** Drop probability against the averaged queue: [[x, p], ...]. */
export type Curve = Array<[number, number]>

/**
 * The engine's run summary over the measured window (after the warm-up) so far, narrowed to what the
 * page shows. Names and nesting are the engine's (`Simulation.summary()`); a value the engine cannot
 * define yet (no window cuts, no departures) is NaN.
 */
export interface RunSummary {
  /** The measured window in simulated seconds: it starts when the warm-up ends. */
  measured_from_s: number
  measured_to_s: number
  mean_queue_pkts: number
  /** Queueing delay: mean and percentiles (0.1 ms resolution; docs/results.md). */
  delay_ms: { mean: number; p50?: number; p95?: number; p99?: number }
  /** The queueing delays in fixed log-spaced bins (docs/results.md); absent from older engines. */
  delay_histogram?: DelayHistogram
  /** One row per flow: goodput, shares, loss, retransmissions, RTT, delay, cwnd. */
  flows?: FlowResult[]
  utilisation: number
  /** In-order data delivered to the receiving applications, Mbit/s: payload only (headers excluded). */
  total_goodput_payload_mbps: number
  /** The same data as it crossed the link, headers (ATM: cells) included, Mbit/s. */
  total_goodput_mbps: number
  /**
   * New payload counted when it reached the receivers inside the window, in order or not, Mbit/s: never above
   * the capacity, unlike the in-order goodput in a short window after losses. NaN from older engines.
   */
  total_received_payload_mbps?: number
  jain: number
  min_max_fairness_pct: number
  /** Global synchronisation: share of window cuts with another flow's cut within one RTT, against chance. */
  sync: { index: number; random: number; excess: number }
  /** Events per cause since the warm-up ("overflow", "early", ...); causes with none are absent. */
  drops_by_reason: Record<string, number>
  marks_by_reason: Record<string, number>
}

/** Which control a worker error belongs to, so the page can show it next to that control. */
export type ErrorContext =
  | { control: 'configure' }
  | { control: 'set-param'; param: string; value: number }
  | { control: 'set-algorithm'; kind: string }
  | { control: 'step' }
  | { control: 'run' }
  | { control: 'engine' }
  | { control: 'protocol' }

/**
 * What kind of failure an error is, so the page words it in the reader's language. `message` then
 * carries the detail, in English: the engine's own text for 'engine' (validation, parameter
 * constraints), the Rust panic text for 'panic', the underlying error for the others.
 */
export type ErrorCode =
  /** The engine refused a request; `message` is its explanation. */
  | 'engine'
  /** The engine panicked; the worker restarted from the last good scenario. */
  | 'panic'
  /** Even the last good scenario could not be rebuilt. */
  | 'rebuild'
  /** The wasm module could not be loaded. */
  | 'start'
  /** A request arrived while no simulation was loaded. */
  | 'no-simulation'
  /** A message that does not follow this protocol. */
  | 'malformed'
  /** The worker itself failed (script error). */
  | 'worker'

export const ERROR_CODES: readonly ErrorCode[] = [
  'engine',
  'panic',
  'rebuild',
  'start',
  'no-simulation',
  'malformed',
  'worker',
]

// ---- page → worker ----------------------------------------------------------------------

export type ToWorker =
  /** Build a new simulation. Without `scenario`, the engine's default scenario. */
  | { type: 'configure'; scenario?: string }
  | { type: 'play' }
  | { type: 'pause' }
  | { type: 'step'; seconds: number }
  /** Simulated seconds per wall-clock second; Infinity runs as fast as the worker can. */
  | { type: 'set-speed'; simSecondsPerWallSecond: number }
  | { type: 'set-param'; name: string; value: number }
  | { type: 'set-algorithm'; aqm: AqmConfig }
  | { type: 'reset' }
  /**
   * The system view (web/system/): with `slots` > 0 every frame carries the queue as at most that many
   * slots and the drops and marks since the previous frame (`view`); 0 stops it. Off until asked.
   */
  | { type: 'set-view'; slots: number }

// ---- worker → page ----------------------------------------------------------------------

export type FromWorker =
  | { type: 'ready'; version: number; algorithms: AlgorithmInfo[]; defaultScenario: string; columns: string[] }
  | {
      type: 'frame'
      /** The simulation this frame belongs to; a new one starts at t = 0. */
      epoch: number
      /** Rows sampled since the previous frame, row-major, `columns` values per row. */
      samples: Float64Array
      columns: number
      simTime: number
      state: AqmState
      curve: Curve | null
      /** Per-flow congestion-control state of the flows with a path model (BBR), by flow index. */
      flowStates?: FlowStates
      /**
       * The system view's frame when the page asked for it ('set-view'), transferred: `[packets per slot,
       * slots, capacity in slots, events kept, events in total, slot words..., event words...]` (decoded by
       * web/system/viewFrame.ts; layout in docs/system-view.md).
       */
      view?: Uint32Array
    }
  | {
      type: 'state'
      epoch: number
      playing: boolean
      speed: number
      simTime: number
      columns: string[]
      aqm: AqmConfig
      /** The scenario the current simulation was built from, with the live AQM folded in. */
      scenario: string
      /** Its flows as the engine built them (`Simulation.flows()`), in flow order. */
      flows: FlowInfo[]
      /** Paused because the run reached the scenario's duration (Play continues past it). */
      ended?: boolean
    }
  /** The run summary, at most about once per wall second while playing, and after a step or pause. */
  | { type: 'summary'; epoch: number; summary: RunSummary }
  /** `problem`: the engine's typed refusal (code 'engine'), worded by the page in the reader's language. */
  | { type: 'error'; code: ErrorCode; message: string; context: ErrorContext; problem?: EngineProblem }

// ---- guards -----------------------------------------------------------------------------

type Obj = Record<string, unknown>

function isObj(x: unknown): x is Obj {
  return typeof x === 'object' && x !== null && !Array.isArray(x)
}
const isNum = (x: unknown): x is number => typeof x === 'number'
const isFiniteNum = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x)
const isStr = (x: unknown): x is string => typeof x === 'string'
const isBool = (x: unknown): x is boolean => typeof x === 'boolean'

function isFlowInfo(x: unknown): x is FlowInfo {
  return isObj(x) && isNum(x.index) && isNum(x.group) && isStr(x.variant) && isStr(x.codepoint) && isStr(x.feedback)
}

export function isAqmConfig(x: unknown): x is AqmConfig {
  if (!isObj(x) || !isStr(x.kind)) return false
  return Object.values(x).every((v) => isNum(v) || isBool(v) || isStr(v) || (Array.isArray(v) && v.every(isNum)))
}

export function isParamSchema(x: unknown): x is ParamSchema {
  return (
    isObj(x) &&
    isStr(x.name) &&
    isStr(x.label) &&
    isStr(x.unit) &&
    isNum(x.min) &&
    isNum(x.max) &&
    isNum(x.default) &&
    isNum(x.step) &&
    isBool(x.integer) &&
    isBool(x.boolean) &&
    isStr(x.help) &&
    (x.role === undefined || (isStr(x.role) && PARAM_ROLES.includes(x.role))) &&
    (x.adapts === undefined || isBool(x.adapts)) &&
    optStr(x.below) &&
    optStr(x.at) &&
    (x.range_follows === undefined || x.range_follows === 'fixed' || x.range_follows === 'buffer') &&
    (x.handle === undefined || isBool(x.handle)) &&
    (x.choices === undefined || (Array.isArray(x.choices) && x.choices.every(isStr)))
  )
}

function optStr(x: unknown): boolean {
  return x === undefined || x === null || isStr(x)
}

function optStrs(x: unknown): boolean {
  return x === undefined || (Array.isArray(x) && x.every(isStr))
}

/** Every meaning of `avg` the engine declares (AvgMeaning). */
const AVG_MEANINGS: readonly string[] = [...new Set(catalog.algorithms.map((a) => a.avg))]

export function isAlgorithmInfo(x: unknown): x is AlgorithmInfo {
  return (
    isObj(x) &&
    isStr(x.kind) &&
    isStr(x.label) &&
    isStr(x.citation) &&
    isStr(x.summary) &&
    Array.isArray(x.params) &&
    x.params.every(isParamSchema) &&
    optStr(x.per_flow_cap) &&
    optStr(x.requires_field) &&
    optStrs(x.drop_causes) &&
    optStrs(x.mark_causes) &&
    (x.band === undefined || x.band === null || (isStr(x.band) && BAND_KINDS.includes(x.band))) &&
    (x.avg === undefined || AVG_MEANINGS.some((m) => m === x.avg))
  )
}

function isCurve(x: unknown): x is Curve {
  return Array.isArray(x) && x.every((pt) => Array.isArray(pt) && pt.length === 2 && isNum(pt[0]) && isNum(pt[1]))
}

function isFlowStates(x: unknown): x is FlowStates {
  return typeof x === 'object' && x !== null && Object.values(x).every(isAqmState)
}

function isAqmState(x: unknown): x is AqmState {
  return isObj(x) && Object.values(x).every(isNum)
}

function isCounts(x: unknown): x is Record<string, number> {
  return isObj(x) && Object.values(x).every(isNum)
}

export function isRunSummary(x: unknown): x is RunSummary {
  return (
    isObj(x) &&
    isNum(x.measured_from_s) &&
    isNum(x.measured_to_s) &&
    isNum(x.mean_queue_pkts) &&
    isObj(x.delay_ms) &&
    isNum(x.delay_ms.mean) &&
    isNum(x.utilisation) &&
    isNum(x.total_goodput_payload_mbps) &&
    isNum(x.total_goodput_mbps) &&
    isNum(x.jain) &&
    isNum(x.min_max_fairness_pct) &&
    isObj(x.sync) &&
    isNum(x.sync.index) &&
    isNum(x.sync.random) &&
    isNum(x.sync.excess) &&
    isCounts(x.drops_by_reason) &&
    isCounts(x.marks_by_reason) &&
    (x.delay_histogram === undefined || isHistogram(x.delay_histogram)) &&
    (x.flows === undefined || Array.isArray(x.flows))
  )
}

function isErrorCode(x: unknown): x is ErrorCode {
  return ERROR_CODES.some((c) => c === x)
}

function isErrorContext(x: unknown): x is ErrorContext {
  if (!isObj(x)) return false
  switch (x.control) {
    case 'set-param':
      return isStr(x.param) && isNum(x.value)
    case 'set-algorithm':
      return isStr(x.kind)
    case 'configure':
    case 'step':
    case 'run':
    case 'engine':
    case 'protocol':
      return true
    default:
      return false
  }
}

/** Checks a message arriving at the worker. */
export function isToWorker(x: unknown): x is ToWorker {
  if (!isObj(x)) return false
  switch (x.type) {
    case 'configure':
      return x.scenario === undefined || isStr(x.scenario)
    case 'play':
    case 'pause':
    case 'reset':
      return true
    case 'step':
      return isFiniteNum(x.seconds) && x.seconds > 0
    case 'set-speed':
      return isNum(x.simSecondsPerWallSecond) && x.simSecondsPerWallSecond > 0
    case 'set-param':
      return isStr(x.name) && isNum(x.value)
    case 'set-algorithm':
      return isAqmConfig(x.aqm)
    case 'set-view':
      return isFiniteNum(x.slots) && Number.isInteger(x.slots) && x.slots >= 0 && x.slots <= 100000
    default:
      return false
  }
}

/** Checks a message arriving at the page. */
export function isFromWorker(x: unknown): x is FromWorker {
  if (!isObj(x)) return false
  switch (x.type) {
    case 'ready':
      return (
        isNum(x.version) &&
        Array.isArray(x.algorithms) &&
        x.algorithms.every(isAlgorithmInfo) &&
        isStr(x.defaultScenario) &&
        Array.isArray(x.columns) &&
        x.columns.every(isStr)
      )
    case 'frame':
      return (
        isNum(x.epoch) &&
        x.samples instanceof Float64Array &&
        isNum(x.columns) &&
        isNum(x.simTime) &&
        isAqmState(x.state) &&
        (x.curve === null || isCurve(x.curve)) &&
        (x.flowStates === undefined || isFlowStates(x.flowStates)) &&
        (x.view === undefined || (x.view instanceof Uint32Array && x.view.length >= 5))
      )
    case 'state':
      return (
        isNum(x.epoch) &&
        isBool(x.playing) &&
        isNum(x.speed) &&
        isNum(x.simTime) &&
        Array.isArray(x.columns) &&
        x.columns.every(isStr) &&
        isAqmConfig(x.aqm) &&
        isStr(x.scenario) &&
        Array.isArray(x.flows) &&
        x.flows.every(isFlowInfo) &&
        (x.ended === undefined || isBool(x.ended))
      )
    case 'summary':
      return isNum(x.epoch) && isRunSummary(x.summary)
    case 'error':
      return (
        isErrorCode(x.code) &&
        isStr(x.message) &&
        isErrorContext(x.context) &&
        (x.problem === undefined || isEngineProblem(x.problem))
      )
    default:
      return false
  }
}

/** Compile-time exhaustiveness check for `switch (msg.type)`. */
export function assertNever(x: never): never {
  throw new Error(`unhandled message: ${JSON.stringify(x)}`)
}
