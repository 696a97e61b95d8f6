// Which committed ns-3 case (validation/cases) stands for a preset, and how many of its metrics agree
// with ns-3. The counts are the recorded verdicts that engine-wasm/tests/validation_ns3.rs asserts on
// every `cargo test` (a metric agrees unless the case records a gap for it), so the gallery shows them
// without running anything (docs/validation.md).
import { loadCases, recordedGap, type ValidationCase } from './cases'
import { VALIDATION_METRICS } from './compare'

export interface Agreement {
  caseId: string
  /** Metrics within tolerance of ns-3. */
  agree: number
  /** Metrics compared (drops only where ns-3 counts at least 100). */
  compared: number
}

type Obj = Record<string, unknown>
const obj = (x: unknown): Obj => (typeof x === 'object' && x !== null && !Array.isArray(x) ? (x as Obj) : {})

/** The discipline, bottleneck rate and flow groups of a scenario, as the matching needs them. */
function shape(scenario: Obj): { kind: unknown; rate: unknown; groups: { tcp: unknown; count: number }[] } {
  const flows = Array.isArray(scenario.flows) ? scenario.flows.map(obj) : [{}]
  return {
    kind: obj(scenario.aqm).kind ?? 'droptail',
    rate: obj(scenario.link).rate_mbps,
    groups: flows.map((g) => ({ tcp: g.tcp ?? 'reno', count: typeof g.count === 'number' ? g.count : 1 })),
  }
}

/** The recorded agreement of one case. */
export function recordedAgreement(c: ValidationCase): Agreement {
  const compared = VALIDATION_METRICS.filter((m) => {
    const v = c.ns3.metrics[m.id]
    return typeof v === 'number' && Number.isFinite(v) && v >= m.minReference
  })
  const agree = compared.filter((m) => recordedGap(c, m.id) === null).length
  return { caseId: c.id, agree, compared: compared.length }
}

/**
 * The case that validates a preset: one that runs the preset's discipline at its bottleneck rate. Among
 * several, one with a TCP the preset runs, then the one whose flow count is nearest the preset's.
 * null when no case runs that discipline at that rate.
 */
export function caseForScenario(scenario: Obj, cases: readonly ValidationCase[]): ValidationCase | null {
  const p = shape(scenario)
  const tcps = new Set(p.groups.map((g) => g.tcp))
  const flows = p.groups.reduce((n, g) => n + g.count, 0)
  const score = (c: ValidationCase): [number, number] => {
    const s = shape(c.scenario)
    const g = s.groups[0] ?? { tcp: undefined, count: 0 }
    return [tcps.has(g.tcp) ? 0 : 1, Math.abs(g.count - flows)]
  }
  const candidates = cases.filter((c) => {
    const s = shape(c.scenario)
    return s.kind === p.kind && s.rate === p.rate
  })
  candidates.sort((a, b) => {
    const [x, y] = [score(a), score(b)]
    return x[0] - y[0] || x[1] - y[1] || a.id.localeCompare(b.id)
  })
  return candidates[0] ?? null
}

let bundled: ValidationCase[] | undefined

/** The agreement shown for a preset's scenario, from the committed cases; null when none matches. */
export function presetAgreement(scenario: Obj, cases: readonly ValidationCase[] = (bundled ??= loadCases().cases)): Agreement | null {
  const c = caseForScenario(scenario, cases)
  return c === null ? null : recordedAgreement(c)
}
