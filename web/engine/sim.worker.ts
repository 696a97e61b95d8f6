// Module worker that owns the wasm engine. The wasm module is initialised inside message
// handling (not by a top-level await), so no message posted right after `new Worker` is lost.
import init, {
  Simulation,
  algorithms,
  default_scenario,
  last_panic_message,
  validate_scenario,
} from './pkg/aqm_engine.js'
import { isToWorker, type FromWorker } from './protocol'
import { errorMessage, Runner, type Engine } from './runner'

const post = (msg: FromWorker, transfer: Transferable[] = []): void => self.postMessage(msg, { transfer })

const engine: Engine = {
  createSimulation: (json) => new Simulation(json),
  defaultScenario: default_scenario,
  algorithms,
  validateScenario: validate_scenario,
  lastPanicMessage: last_panic_message,
}

// A MessageChannel hop yields to pending messages without setTimeout's 4 ms clamp.
const channel = new MessageChannel()
const scheduled: Array<() => void> = []
channel.port1.onmessage = () => scheduled.shift()?.()
const schedule = (fn: () => void, delayMs: number): void => {
  if (delayMs > 0) {
    setTimeout(fn, delayMs)
    return
  }
  scheduled.push(fn)
  channel.port2.postMessage(null)
}

let runner: Promise<Runner> | null = null

async function start(): Promise<Runner> {
  await init()
  const r = new Runner(engine, post, { schedule })
  r.boot()
  return r
}

async function handle(data: unknown): Promise<void> {
  if (runner === null) runner = start()
  let r: Runner
  try {
    r = await runner
  } catch (e) {
    runner = null // try again on the next message
    post({ type: 'error', code: 'start', message: errorMessage(e), context: { control: 'engine' } })
    return
  }
  if (!isToWorker(data)) {
    post({ type: 'error', code: 'malformed', message: JSON.stringify(data), context: { control: 'protocol' } })
    return
  }
  try {
    r.handle(data)
  } catch (e) {
    post({ type: 'error', code: 'engine', message: errorMessage(e), context: { control: 'engine' } })
  }
}

// Messages are handled strictly in order, each after the previous one finished.
let queue: Promise<void> = Promise.resolve()
self.onmessage = (e: MessageEvent<unknown>) => {
  queue = queue.then(() => handle(e.data))
}
