// The scenario of a worksheet in a few lines a student can read on paper, generated from the scenario the
// lab runs (missing fields take the engine's defaults, from the scenario schema the engine generates), so
// the sheet cannot describe another experiment: the link (and how it changes), every flow group with what it
// sends (TCP bulk transfer, HTTP-like sessions, UDP at a rate) and when it joins or leaves, the queue
// discipline with the parameters the scenario sets, and the buffer in the unit the link counts it in (an ATM
// link under GFR holds cells: the discipline's MAX_Q, not the link's packet buffer).
import { ownBufferOf } from '../engine/units'
import { clone, expand, schema } from '../scenario/model'

type Obj = Record<string, unknown>
const isObj = (x: unknown): x is Obj => typeof x === 'object' && x !== null && !Array.isArray(x)
const num = (x: unknown, d: number): number => (typeof x === 'number' && Number.isFinite(x) ? x : d)
/** A number as printed on the sheet: at most 6 significant digits (155.52 Mbit/s stays), no trailing zeros. */
export const fmt = (v: number): string => String(Number(v.toPrecision(6)))

export type BufferUnit = 'packets' | 'bytes' | 'cells'
const BUFFER_UNITS: readonly string[] = ['packets', 'bytes', 'cells'] satisfies BufferUnit[]
const unitOf = (unit: string): BufferUnit => (BUFFER_UNITS.includes(unit) ? (unit as BufferUnit) : 'packets')

/** One line of the sheet: a teach-catalogue key under `worksheet.` and its values. */
export interface SheetLine {
  key: string
  args: Record<string, string | number>
  /** For `aqm` lines: the discipline's kind, named in the reader's language by the page. */
  aqm?: string
  /** For flow lines: the TCP variant, named by the page. */
  tcp?: string
  /** For the link line: the buffer's unit, named by the page. */
  unit?: BufferUnit
}

export interface ScenarioSummary {
  buffer: number
  bufferUnit: BufferUnit
  rateSteps: Array<{ at: number; mbps: number }>
  delaySteps: Array<{ at: number; ms: number }>
  duration: number
  lines: SheetLine[]
}

/** RTTs as a range, or one value when every flow has the same. */
const rtt = (g: Obj): string => {
  const r = Array.isArray(g.rtt_ms) ? g.rtt_ms : []
  const lo = num(r[0], 40)
  const hi = num(r[1], 100)
  return lo === hi ? fmt(lo) : `${fmt(lo)}–${fmt(hi)}`
}

function flowLines(g: Obj): SheetLine[] {
  const traffic = isObj(g.traffic) ? g.traffic : { kind: 'ftp' }
  const kind = typeof traffic.kind === 'string' ? traffic.kind : 'ftp'
  const tcp = typeof g.tcp === 'string' ? g.tcp : 'reno'
  const count = num(g.count, 1)
  const base = { count, rtt: rtt(g) }
  const rate = fmt(num(traffic.rate_mbps, 0))
  let line: SheetLine
  if (kind === 'http')
    line = {
      key: 'flowHttp',
      args: { ...base, kb: fmt(num(traffic.mean_object_kb, 12)), think: fmt(num(traffic.think_s, 1)) },
      tcp,
    }
  else if (kind === 'cbr') line = { key: 'flowCbr', args: { ...base, rate } }
  else if (kind === 'poisson') line = { key: 'flowPoisson', args: { ...base, rate } }
  else if (kind === 'on_off')
    line = {
      key: 'flowOnOff',
      args: { ...base, rate, on: fmt(num(traffic.on_s, 1)), off: fmt(num(traffic.off_s, 1)) },
    }
  else line = { key: 'flowTcp', args: base, tcp }
  const out = [line]
  const start = num(g.start_s, 0)
  const spread = num(g.start_spread_s, 1)
  if (start > 0) out.push({ key: 'joins', args: { count, from: fmt(start), to: fmt(start + spread) } })
  if (typeof g.stop_s === 'number') out.push({ key: 'stops', args: { count, at: fmt(g.stop_s) } })
  return out
}

/** The parameters the scenario sets (as the file states them, not the defaults), `name value` each. */
function setParams(given: Obj): string {
  const aqm = isObj(given.aqm) ? given.aqm : {}
  return Object.entries(aqm)
    .filter(([k, v]) => k !== 'kind' && (typeof v === 'number' || typeof v === 'boolean'))
    .map(([k, v]) => `${k} ${typeof v === 'number' ? fmt(v) : String(v)}`)
    .join(', ')
}

export function summarize(given: Obj): ScenarioSummary {
  const full: unknown = expand(schema, clone(given as never))
  const scenario: Obj = isObj(full) ? full : given
  const link = isObj(scenario.link) ? scenario.link : {}
  const aqm = isObj(scenario.aqm) ? scenario.aqm : {}
  const kind = typeof aqm.kind === 'string' ? aqm.kind : 'droptail'
  const list = (x: unknown): Obj[] => (Array.isArray(x) ? x.filter(isObj) : [])
  const atm = isObj(link.atm)
  // A discipline with its own buffer (GFR's MAX_Q of ATM cells) holds its packets there, not in the link's.
  const own = ownBufferOf(kind)
  const buffer = own !== null ? num(aqm[own.name], own.default) : num(link.buffer, 100)
  const bufferUnit: BufferUnit = own !== null ? unitOf(own.unit) : link.buffer_unit === 'bytes' ? 'bytes' : 'packets'
  const rateSteps = list(link.rate_schedule).map((s) => ({ at: num(s.at_s, 0), mbps: num(s.rate_mbps, 0) }))
  const delaySteps = list(link.delay_schedule).map((s) => ({ at: num(s.at_s, 0), ms: num(s.delay_ms, 0) }))
  const duration = num(scenario.duration, 60)
  const lines: SheetLine[] = [
    {
      key: 'link',
      args: { rate: fmt(num(link.rate_mbps, 10)), delay: fmt(num(link.delay_ms, 10)), buffer: fmt(buffer) },
      unit: bufferUnit,
    },
  ]
  if (atm) lines.push({ key: 'atm', args: {} })
  const loss = num(link.loss_rate, 0)
  if (loss > 0) lines.push({ key: 'loss', args: { pct: fmt(loss * 100) } })
  for (const r of rateSteps) lines.push({ key: 'rateStep', args: { at: fmt(r.at), rate: fmt(r.mbps) } })
  if (isObj(link.rate_slots)) {
    const s = link.rate_slots
    lines.push({
      key: 'slots',
      args: {
        start: fmt(num(s.start_s, 0)),
        slot: fmt(num(s.slot_s, 15)),
        min: fmt(num(s.min_mbps, 1)),
        max: fmt(num(s.max_mbps, 10)),
      },
    })
  }
  for (const d of delaySteps) lines.push({ key: 'delayStep', args: { at: fmt(d.at), delay: fmt(d.ms) } })
  for (const g of list(scenario.flows)) lines.push(...flowLines(g))
  const params = setParams(given)
  lines.push({ key: params === '' ? 'aqm' : 'aqmParams', args: { params }, aqm: kind })
  const warmup = num(scenario.warmup, 0)
  lines.push({ key: warmup > 0 ? 'runWarmup' : 'run', args: { duration: fmt(duration), warmup: fmt(warmup) } })
  return { buffer, bufferUnit, rateSteps, delaySteps, duration, lines }
}

const same = (a: SheetLine, b: SheetLine) => JSON.stringify(a) === JSON.stringify(b)

/** The lines of `side` that the base scenario does not have: what the compared side changes. */
export function sideDifference(base: ScenarioSummary, side: ScenarioSummary): SheetLine[] {
  return side.lines.filter((l) => !base.lines.some((b) => same(b, l)))
}
