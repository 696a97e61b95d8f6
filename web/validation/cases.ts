// The committed ns-3 reference cases (validation/cases/*.json, made by `npm run validate:ns3`),
// bundled at build time. Each holds the engine scenario it was run from, ns-3's version and command,
// ns-3's metrics and the recorded expectation (docs/validation.md).
/// <reference types="vite/client" />
import type { JsonObject } from '../scenario/json'

export interface RecordedGap {
  measured_diff: number
  /** A plain sentence about the model: what differs and, if known, why. */
  reason: string
  /** The same in Korean. */
  reason_ko?: string
}

export interface ValidationCase {
  id: string
  scenario: JsonObject
  ns3: {
    version: string
    command: string
    metrics: Record<string, number | null>
    drops_by_reason: Record<string, number>
    queue_disc: { type: string; attributes: Record<string, string> }
  }
  expect: 'agree' | Record<string, RecordedGap>
  /** The preset side this case ran (its scenario is that side's, under the case's profile), if any. */
  preset?: { id: string; side: number }
}

type Obj = Record<string, unknown>
const isObj = (x: unknown): x is Obj => typeof x === 'object' && x !== null && !Array.isArray(x)

/** Checks the shape the page relies on; anything else is reported, not rendered. */
export function isValidationCase(x: unknown): x is ValidationCase {
  if (!isObj(x) || typeof x.id !== 'string' || !isObj(x.scenario) || !isObj(x.ns3)) return false
  const n = x.ns3
  if (typeof n.version !== 'string' || typeof n.command !== 'string' || !isObj(n.metrics)) return false
  if (!Object.values(n.metrics).every((v) => v === null || typeof v === 'number')) return false
  const p = x.preset
  if (p !== undefined && !(isObj(p) && typeof p.id === 'string' && Number.isInteger(p.side))) return false
  if (x.expect === 'agree') return true
  return (
    isObj(x.expect) &&
    Object.values(x.expect).every(
      (g) => isObj(g) && typeof g.measured_diff === 'number' && typeof g.reason === 'string',
    )
  )
}

const files = import.meta.glob<unknown>('../../validation/cases/*.json', { eager: true, import: 'default' })

/** Every committed case in id order; a malformed file is left out and named in `malformed`. */
export function loadCases(source: Record<string, unknown> = files): { cases: ValidationCase[]; malformed: string[] } {
  const cases: ValidationCase[] = []
  const malformed: string[] = []
  for (const [path, data] of Object.entries(source)) {
    if (isValidationCase(data)) cases.push(data)
    else malformed.push(path.replace(/^.*\//, ''))
  }
  cases.sort((a, b) => a.id.localeCompare(b.id))
  return { cases, malformed }
}

export function recordedGap(c: ValidationCase, metric: string): RecordedGap | null {
  return c.expect === 'agree' ? null : (c.expect[metric] ?? null)
}
