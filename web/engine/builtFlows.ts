// Tests only: the flows the real engine builds for a scenario (Simulation.flows(), read by parseFlows), so a
// unit test of a view that reads the running scenario's flows feeds it what the worker would report.
import { readFileSync } from 'node:fs'
import { Simulation, initSync } from './pkg/aqm_engine.js'
import { parseFlows, type FlowInfo } from '../scenario/running'

let ready = false

export function builtFlows(scenarioJson: string): FlowInfo[] {
  if (!ready) initSync({ module: readFileSync(new URL('./pkg/aqm_engine_bg.wasm', import.meta.url)) })
  ready = true
  const sim = new Simulation(scenarioJson)
  try {
    return parseFlows(sim.flows())
  } finally {
    sim.free()
  }
}
