// The dumbbell a scenario describes, as the system view draws it: one entry per flow group (how many
// senders, their TCP or UDP traffic, their base RTT range and the ids of their first and last flow, which
// give them their colours), the bottleneck's rate, delay and buffer. Read from the running scenario the
// store parsed (web/scenario/running.ts).
import { getAt, isObject } from '../scenario/json'
import type { RunningScenario } from '../scenario/running'

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

const num = (x: unknown, fallback: number): number => (typeof x === 'number' && Number.isFinite(x) ? x : fallback)

/** Null when there is no scenario with a link and flows (the view then waits). */
export function dumbbellOf(running: RunningScenario | null): Dumbbell | null {
  const s = running?.value
  if (s === undefined || !isObject(s.link) || !Array.isArray(s.flows)) return null
  const { link } = s
  const flows = running?.flows ?? []
  const groups: SenderGroup[] = []
  s.flows.forEach((g, i) => {
    const members = flows.filter((f) => f.group === i)
    if (!isObject(g) || members.length === 0) return
    const lo = num(getAt(g, 'rtt_ms[0]'), 100)
    groups.push({
      count: members.length,
      variant: members[0].variant,
      rttMs: [lo, num(getAt(g, 'rtt_ms[1]'), lo)],
      firstFlow: members[0].index,
    })
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
