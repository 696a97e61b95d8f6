// The committed ns-3 validation cases (validation/cases/*.json), read the way the Validation page's specs
// need them: the fields they check (web/validation/cases.ts has the page's full type and its guard).
import { readdirSync, readFileSync } from 'node:fs'

export interface ValidationCase {
  id: string
  scenario: { seed: number; link: { rate_mbps: number } }
  /** The preset side the case ran, if any. */
  preset?: { id: string; side: number }
  ns3: { version: string; command: string; metrics: Record<string, number | null> }
  expect: 'agree' | Record<string, { measured_diff: number; reason: string; reason_ko?: string }>
}

const dir = new URL('../validation/cases/', import.meta.url)

/** Every case file's contents. */
export const validationCases: ValidationCase[] = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .map((f) => JSON.parse(readFileSync(new URL(f, dir), 'utf8')) as ValidationCase)
