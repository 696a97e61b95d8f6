// Opening a scenario from outside the page (a link, a file, a host page's message), loaded on demand with
// the codec and the schema validator: decode or read it, let the engine have the final word, and come
// back with the scenario to run, or the nearest valid one and what was wrong.
import { repairWithEngine } from '../scenario/engineRepair'
import { defaultScenario, isObject, type JsonObject } from '../scenario/model'
import { dedupe, problem, type Problem } from '../scenario/problems'
import { TAB_MAX_FLOWS, totalFlows } from '../scenario/limits'
import { decodeLink, encodeLink } from '../scenario/urlCodec'
import type { LinkView } from '../scenario/linkView'
import { readScenarioFile } from './importer'
import { loadMainEngine, type MainEngine } from '../engine/mainEngine'

export interface Prepared {
  /** The scenario asked for when `problems` is empty; otherwise the nearest valid one. */
  scenario: JsonObject
  problems: Problem[]
}

export { encodeLink }
export { contextQuery } from './presetContext'

async function engineOrNull(): Promise<MainEngine | null> {
  try {
    return await loadMainEngine()
  } catch {
    return null // the worker's own check still stands between the scenario and the simulation
  }
}

/** The scenario's flow groups scaled down to what a tab holds (each group keeps at least one flow). */
function fitFlowsToTab(scenario: JsonObject, problems: Problem[]): JsonObject {
  const total = totalFlows(scenario)
  if (total <= TAB_MAX_FLOWS) return scenario
  problems.push(problem('tab-flows', { max: TAB_MAX_FLOWS, total }))
  const groups = Array.isArray(scenario.flows) ? scenario.flows : []
  const count = (g: JsonObject) => (typeof g.count === 'number' ? g.count : 0)
  const flows = groups.map((g) =>
    isObject(g) ? { ...g, count: Math.max(1, Math.floor((count(g) * TAB_MAX_FLOWS) / total)) } : g,
  )
  return { ...scenario, flows }
}

async function finish(asked: JsonObject, given: Problem[]): Promise<Prepared> {
  const problems = [...given]
  const scenario = fitFlowsToTab(asked, problems)
  const engine = await engineOrNull()
  if (engine === null) return { scenario, problems }
  const checked = repairWithEngine(scenario, engine.validate)
  return { scenario: checked.scenario, problems: dedupe([...problems, ...checked.problems]) }
}

export async function prepareLink(search: string): Promise<Prepared & { view: LinkView; hasScenario: boolean }> {
  const d = decodeLink(search)
  if (!d.hasScenario) return { scenario: d.scenario, problems: d.problems, view: d.view, hasScenario: false }
  return { ...(await finish(d.scenario, d.problems)), view: d.view, hasScenario: true }
}

export async function prepareFile(text: string, bytes: number): Promise<Prepared> {
  const r = readScenarioFile(text, bytes)
  return finish(r.scenario, r.problems)
}

export { defaultScenario }
