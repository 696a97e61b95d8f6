// The scenario of a worksheet in a few lines a student can read on paper: the link (and how it changes),
// the flows and the algorithm, taken from the preset's scenario as the engine reads it (missing fields
// take the engine's defaults, from the scenario schema the engine generates).
import { clone, expand, schema } from '../scenario/model'

type Obj = Record<string, unknown>
const isObj = (x: unknown): x is Obj => typeof x === 'object' && x !== null && !Array.isArray(x)
const num = (x: unknown, d: number): number => (typeof x === 'number' && Number.isFinite(x) ? x : d)

export interface ScenarioSummary {
  rateMbps: number
  delayMs: number
  buffer: number
  bufferUnit: string
  rateSteps: Array<{ at: number; mbps: number }>
  slots: { start: number; slot: number; min: number; max: number } | null
  delaySteps: Array<{ at: number; ms: number }>
  groups: Array<{ count: number; tcp: string; rtt: [number, number] }>
  aqm: string
  duration: number
}

export function summarize(given: Obj): ScenarioSummary {
  const full: unknown = expand(schema, clone(given as never))
  const scenario: Obj = isObj(full) ? full : given
  const link = isObj(scenario.link) ? scenario.link : {}
  const list = (x: unknown): Obj[] => (Array.isArray(x) ? x.filter(isObj) : [])
  const slots = isObj(link.rate_slots) ? link.rate_slots : null
  return {
    rateMbps: num(link.rate_mbps, 10),
    delayMs: num(link.delay_ms, 10),
    buffer: num(link.buffer, 100),
    bufferUnit: link.buffer_unit === 'bytes' ? 'bytes' : 'packets',
    rateSteps: list(link.rate_schedule).map((s) => ({ at: num(s.at_s, 0), mbps: num(s.rate_mbps, 0) })),
    slots: slots && {
      start: num(slots.start_s, 0),
      slot: num(slots.slot_s, 15),
      min: num(slots.min_mbps, 1),
      max: num(slots.max_mbps, 10),
    },
    delaySteps: list(link.delay_schedule).map((s) => ({ at: num(s.at_s, 0), ms: num(s.delay_ms, 0) })),
    groups: list(scenario.flows).map((g) => {
      const rtt = Array.isArray(g.rtt_ms) ? g.rtt_ms : []
      return {
        count: num(g.count, 1),
        tcp: typeof g.tcp === 'string' ? g.tcp : 'reno',
        rtt: [num(rtt[0], 40), num(rtt[1], 100)],
      }
    }),
    aqm: isObj(scenario.aqm) && typeof scenario.aqm.kind === 'string' ? scenario.aqm.kind : 'droptail',
    duration: num(scenario.duration, 60),
  }
}
