// The scenario a simulation runs, as every chart and pane reads it: parsed once, when the worker reports a
// new one (web/engine/store.ts), into a frozen JSON value, the few facts read from it, and its flows as the
// engine built them (reported with it). Fields a scenario leaves out take the engine's defaults
// (engine-wasm/src/scenario.rs) where a reader needs one.
import { deepFreeze, getAt, isObject, parseObject, type Json, type JsonObject } from './json'

/** The bottleneck buffer: its size in `unit` (packets or bytes). */
export interface BufferSize {
  size: number
  unit: string
}

/** The bottleneck link as the charts scale by it. */
export interface LinkInfo {
  rateMbps: number
  /** Mean packet size in bytes, for converting between packets and bytes. */
  meanPktSize: number
}

export interface FlowInfo {
  index: number
  /** Position of its group in the scenario's `flows` list. */
  group: number
  /** TCP variant ("reno", "cubic", ...) or "udp" for traffic that has no congestion window. */
  variant: string
  /** The ECN codepoint its packets carry: not_ect, ect0 (classic ECN) or ect1 (the L4S identifier). */
  codepoint: string
  /** How its receiver feeds CE marks back (the variant's declared `feedback`), or 'none' when not ECN-capable. */
  feedback: string
}

/**
 * One entry per flow from the engine's `flows()` (engine-wasm/src/sim.rs `FlowIdentity`: what the built
 * flow sends and how its receiver answers), so no page code works out a variant, codepoint or feedback
 * from the scenario again; [] for anything else.
 */
export function parseFlows(json: string): FlowInfo[] {
  const v: unknown = JSON.parse(json)
  if (!Array.isArray(v)) return []
  return v.filter(isObject).map((f) => ({
    index: Number(f.id),
    group: Number(f.group),
    variant: String(f.tcp),
    codepoint: String(f.ecn_codepoint),
    feedback: typeof f.feedback === 'string' ? f.feedback : 'none',
  }))
}

/** No flows (before the first scenario): one constant, so a memoised chart keeps its props. */
export const NO_FLOWS: readonly FlowInfo[] = Object.freeze([])

export interface RunningScenario {
  /** The JSON text as the worker reported it (what a rebuild or a link starts from). */
  readonly text: string
  /** The same, parsed and frozen: shared by every reader, never changed (edit copies with withAt). */
  readonly value: Readonly<JsonObject>
  readonly buffer: BufferSize | null
  readonly link: LinkInfo | null
  /** One entry per flow, in engine order. */
  readonly flows: readonly FlowInfo[]
  /** The run's length in simulated seconds, if the scenario states one. */
  readonly duration: number | null
}

/**
 * Parses the running scenario's text once, with its flows as the engine built them; null when it is empty
 * or not a JSON object. Parts equal to `previous`'s (the buffer, the link, the flows) are `previous`'s own
 * objects, so a chart that draws only them keeps its props when an AQM parameter changes.
 */
export function readRunning(
  text: string,
  flows: readonly FlowInfo[],
  previous: RunningScenario | null = null,
): RunningScenario | null {
  const parsed = text === '' ? null : parseObject(text)
  if (parsed === null) return null
  const value = deepFreeze(parsed)
  const buffer = bufferOf(value)
  const link = linkOf(value)
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)
  return Object.freeze({
    text,
    value,
    buffer: previous !== null && same(previous.buffer, buffer) ? previous.buffer : buffer,
    link: previous !== null && same(previous.link, link) ? previous.link : link,
    flows: previous !== null && same(previous.flows, flows) ? previous.flows : Object.freeze(flows),
    duration: durationOf(value),
  })
}

/** The bottleneck buffer, read by name from the scenario's `link`; `null` if absent. */
export function bufferOf(scenario: JsonObject): BufferSize | null {
  const size = getAt(scenario, 'link.buffer')
  const unit = getAt(scenario, 'link.buffer_unit') ?? 'packets'
  return typeof size === 'number' && typeof unit === 'string' ? { size, unit } : null
}

/** The bottleneck's rate and mean packet size from the scenario's `link`; `null` if absent. */
export function linkOf(scenario: JsonObject): LinkInfo | null {
  const rate = getAt(scenario, 'link.rate_mbps')
  const size = getAt(scenario, 'link.mean_pkt_size') ?? 1000
  if (typeof rate !== 'number' || typeof size !== 'number' || !(rate > 0) || !(size > 0)) return null
  return { rateMbps: rate, meanPktSize: size }
}

/** The scenario's `duration` (simulated seconds), if it has a positive one. */
export function durationOf(scenario: Json): number | null {
  const d = isObject(scenario) ? getAt(scenario, 'duration') : undefined
  return typeof d === 'number' && d > 0 ? d : null
}
