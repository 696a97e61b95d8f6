// A run worker: builds one simulation per request, runs it to the scenario's duration and posts the
// engine's summary, exactly what `aqm-cli sweep` prints for the same scenario line (the CLI calls
// run_until(duration) once; cutting the run into slices changes nothing: events pop in the same order).
// It runs in short slices (./slices.ts), so that a fresh worker picks up V8's optimised code early, and
// keeps no trace rows (the summary is the same without them).
import init, { Simulation, last_panic_message } from '../engine/pkg/aqm_engine.js'
import { parseObject } from '../scenario/json'
import { durationOf } from '../scenario/running'
import { isToRunWorker, type FromRunWorker, type ToRunWorker } from './protocol'
import { runInSlices } from './slices'

const post = (msg: FromRunWorker): void => self.postMessage(msg)

let ready: Promise<unknown> | null = null

function durationIn(scenarioJson: string): number {
  const d = durationOf(parseObject(scenarioJson))
  if (d === null) throw new Error('the engine did not report a duration')
  return d
}

async function run(msg: ToRunWorker): Promise<void> {
  ready ??= init()
  await ready
  let sim: Simulation | null = null
  try {
    sim = new Simulation(msg.scenario)
    // Only the summary is read: rows never drained would pile up in the module's memory (it never shrinks).
    sim.keep_trace(false)
    runInSlices(sim, durationIn(sim.scenario()))
    post({ type: 'done', id: msg.id, summary: sim.summary() })
  } catch (e) {
    let message = e instanceof Error ? e.message : String(e)
    if (e instanceof WebAssembly.RuntimeError) message = `engine panic: ${last_panic_message() || message}`
    post({ type: 'failed', id: msg.id, message })
  } finally {
    try {
      sim?.free()
    } catch {
      // A simulation poisoned by a panic may refuse to be freed; the pool replaces this worker.
    }
  }
}

let queue: Promise<void> = Promise.resolve()
self.onmessage = (e: MessageEvent<unknown>) => {
  const data = e.data
  if (!isToRunWorker(data)) {
    post({ type: 'failed', id: -1, message: 'malformed request' })
    return
  }
  queue = queue.then(() => run(data))
}
