// What one browser tab holds, beside what the engine accepts.
import { isObject, type JsonObject } from './json'

/**
 * Flows one browser tab runs and draws. The engine takes 10,000, but the page keeps per-flow traces and
 * canvases: at 10,000 it needed ≈ 3 GB before Play and drew 2–4 frames a second; 1,000 runs smoothly.
 * Larger experiments belong to the command-line engine (aqm-cli), which draws nothing.
 */
export const TAB_MAX_FLOWS = 1000

/** Flows a scenario asks for: the sum of its groups' counts (a group without a number adds none). */
export function totalFlows(s: JsonObject): number {
  const flows = s.flows
  if (!Array.isArray(flows)) return 0
  return flows.reduce<number>((n, g) => n + (isObject(g) && typeof g.count === 'number' ? g.count : 0), 0)
}
