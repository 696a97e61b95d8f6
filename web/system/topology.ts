// The dumbbell a scenario describes, as the system view draws it: one entry per flow group (how many
// senders, their TCP or UDP traffic, their base RTT range and the ids of their first and last flow, which
// give them their colours), the bottleneck's rate, delay and buffer.
import { flowsOf } from '../charts/flows'

export interface SenderGroup {
  count: number
  /** TCP variant, or "udp". */
  variant: string
  rttMs: [number, number]
  firstFlow: number
}

export interface Dumbbell {
  groups: SenderGroup[]
  flows: number
  rateMbps: number
  delayMs: number
  buffer: number
  bufferUnit: 'packets' | 'bytes'
}

function obj(x: unknown): Record<string, unknown> | null {
  return typeof x === 'object' && x !== null && !Array.isArray(x) ? Object.fromEntries(Object.entries(x)) : null
}

const num = (x: unknown, fallback: number): number => (typeof x === 'number' && Number.isFinite(x) ? x : fallback)

/** Null when the scenario is not a JSON object with a link and flows (the view then waits). */
export function dumbbellOf(scenarioJson: string): Dumbbell | null {
  let v: unknown
  try {
    v = JSON.parse(scenarioJson)
  } catch {
    return null
  }
  const s = obj(v)
  const link = obj(s?.link)
  if (s === null || link === null || !Array.isArray(s.flows)) return null
  const flows = flowsOf(scenarioJson)
  const groups: SenderGroup[] = []
  s.flows.forEach((g, i) => {
    const o = obj(g)
    const members = flows.filter((f) => f.group === i)
    if (o === null || members.length === 0) return
    const rtt = Array.isArray(o.rtt_ms) ? o.rtt_ms : []
    const lo = num(rtt[0], 100)
    groups.push({ count: members.length, variant: members[0].variant, rttMs: [lo, num(rtt[1], lo)], firstFlow: members[0].index })
  })
  return {
    groups,
    flows: flows.length,
    rateMbps: num(link.rate_mbps, 0),
    delayMs: num(link.delay_ms, 0),
    buffer: num(link.buffer, 0),
    bufferUnit: link.buffer_unit === 'bytes' ? 'bytes' : 'packets',
  }
}
