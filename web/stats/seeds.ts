// Replications of one scenario: k runs with seeds seed, seed+1, …, seed+k−1 (the scenario's own seed
// first, so replication 0 is exactly the single run; the engine's default seed is 1). `aqm-cli sweep
// --seeds k` follows the same rule, so the page and the CLI average the same runs.
import { getOwn, isObject, parseObject, type Json } from '../scenario/json'

/** The engine's seed when a scenario leaves it out (engine-wasm/src/scenario.rs). */
export const DEFAULT_SEED = 1
export const DEFAULT_RUNS = 5
export const MAX_RUNS = 30

/** The seed of a parsed scenario (the engine's default when it leaves it out). */
export function seedOf(scenario: Json | null): number {
  const s = isObject(scenario) ? getOwn(scenario, 'seed') : undefined
  return typeof s === 'number' && Number.isInteger(s) ? s : DEFAULT_SEED
}

/** The k scenario lines of a replication, the first one unchanged. */
export function replicas(scenario: string, k: number): string[] {
  const obj = parseObject(scenario)
  if (obj === null) throw new Error('a scenario line is not a JSON object')
  const base = seedOf(obj)
  return Array.from({ length: Math.max(1, k) }, (_, r) =>
    r === 0 ? scenario : JSON.stringify({ ...obj, seed: base + r }),
  )
}

/** A typed number of runs: a whole number in 1…MAX_RUNS, or null. */
export function parseRuns(text: string | null): number | null {
  if (text === null || text.trim() === '') return null
  const n = Number(text)
  return Number.isInteger(n) && n >= 1 && n <= MAX_RUNS ? n : null
}
