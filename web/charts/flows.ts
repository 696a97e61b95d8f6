// The flows of a scenario as the charts need them: which TCP variant each one runs (to colour by
// variant), and which trace lies nearest the pointer (to highlight a flow on hover).

export interface FlowInfo {
  index: number
  /** Position of its group in the scenario's `flows` list. */
  group: number
  /** TCP variant ("reno", "cubic", ...) or "udp" for traffic that has no congestion window. */
  variant: string
}

const UDP_TRAFFIC = new Set(['cbr', 'poisson', 'on_off', 'onoff'])

function obj(x: unknown): Record<string, unknown> | null {
  return typeof x === 'object' && x !== null && !Array.isArray(x) ? Object.fromEntries(Object.entries(x)) : null
}

/** Expands the scenario's flow groups (`count` flows each) into one entry per flow, in engine order. */
export function flowsOf(scenarioJson: string): FlowInfo[] {
  let v: unknown
  try {
    v = JSON.parse(scenarioJson)
  } catch {
    return []
  }
  const groups = obj(v)?.flows
  if (!Array.isArray(groups)) return []
  const out: FlowInfo[] = []
  groups.forEach((g, group) => {
    const o = obj(g)
    if (!o) return
    const count = typeof o.count === 'number' ? Math.max(0, Math.floor(o.count)) : 1
    const kind = obj(o.traffic)?.kind
    const udp = typeof kind === 'string' && UDP_TRAFFIC.has(kind)
    const variant = udp ? 'udp' : typeof o.tcp === 'string' ? o.tcp : 'reno'
    for (let i = 0; i < count; i++) out.push({ index: out.length, group, variant })
  })
  return out
}

/** The variants present, in a fixed order so a variant keeps its colour when others come and go. */
export function variantsOf(flows: FlowInfo[]): string[] {
  const order = ['reno', 'newreno', 'tahoe', 'cubic', 'bbr', 'vegas', 'udp']
  const present = new Set(flows.map((f) => f.variant))
  return [...order.filter((v) => present.has(v)), ...[...present].filter((v) => !order.includes(v)).sort()]
}

export type ColourBy = 'flow' | 'variant'

/** Index into the series colours for flow `i`. */
export function colourIndex(i: number, by: ColourBy, flows: FlowInfo[], variants: string[]): number {
  if (by === 'flow') return i
  const v = flows[i]?.variant
  return Math.max(0, v === undefined ? 0 : variants.indexOf(v))
}

/**
 * The trace nearest the pointer: `ys[i]` is trace i's screen y at the pointer's time (NaN where it
 * has no value). Returns null when none is within `maxPx` pixels.
 */
export function nearestTrace(ys: ArrayLike<number>, pointerY: number, maxPx: number): number | null {
  let best: number | null = null
  let bestD = maxPx
  for (let i = 0; i < ys.length; i++) {
    const d = Math.abs(ys[i] - pointerY)
    if (d <= bestD) {
      best = i
      bestD = d
    }
  }
  return best
}
