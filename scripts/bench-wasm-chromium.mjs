// WebAssembly-in-Chromium side of `npm run bench`, in Web Workers of Debian's Chromium, where the page runs
// the engine. Serves the wasm package and a small harness on a free port.
//
//   node scripts/bench-wasm-chromium.mjs <pkg dir> <scenario.json>...
// For each scenario, one JSON line {scenario, ...bench-wasm-run.mjs's fields, first_run_one_call_*}: the
// measurement twice, each in a new browser context (its own renderer process, so its own compiled module:
// V8 shares compiled WebAssembly between the workers of one process), once with the cold run cut in
// slices as the page's run workers do, once in one call as they did before.
//
//   node scripts/bench-wasm-chromium.mjs <pkg dir> --sweep <lines.jsonl> <workers>
// A sweep as the page's run pool makes it (web/runs/pool.ts, run.worker.ts): <workers> workers each take
// the next line, run it to its duration in slices and post its summary. The sweep runs twice in one page:
// with fresh workers (cold), then again with the same workers (warm). Prints one JSON line
// {cold_s, warm_s, summaries} (summaries in line order, for comparison with `aqm-cli sweep`).
/* global Worker -- inside page.evaluate */
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { chromium } from '@playwright/test'
import { serveBench } from './bench-server.mjs'

const [pkgArg, ...rest] = process.argv.slice(2)
const pkg = resolve(pkgArg)

// The reference measurement (bench-wasm-run.mjs, served as it is).
const benchWorkerJs = `
import init, { Simulation } from './pkg/aqm_engine.js'
import { measure } from './run.mjs'
self.onmessage = async (e) => {
  const exports = await init()
  const { scenario, cold } = e.data
  self.postMessage(measure(Simulation, exports.memory, scenario, JSON.parse(scenario).duration, () => performance.now(), { cold }))
}
`
// A run worker as web/runs/run.worker.ts is: one summary per request, the run cut in slices, no trace rows.
const runWorkerJs = `
import init, { Simulation } from './pkg/aqm_engine.js'
import { runInSlices } from './run.mjs'
const ready = init()
self.onmessage = async (e) => {
  await ready
  const sim = new Simulation(e.data.scenario)
  sim.keep_trace?.(false) // summary only, as run.worker.ts (a build from before keep_trace keeps its rows)
  runInSlices(sim, JSON.parse(e.data.scenario).duration, () => performance.now())
  self.postMessage({ id: e.data.id, summary: sim.summary() })
  sim.free()
}
`
const { server, origin } = await serveBench(
  pkg,
  { '/bench-worker.js': benchWorkerJs, '/run-worker.js': runWorkerJs },
  '<!doctype html><title>bench</title>',
)
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] })

/** A page in a new browser context: a renderer process of its own, nothing compiled yet. */
async function freshPage() {
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto(origin)
  return { page, close: () => context.close() }
}

async function measureIn(scenario, cold) {
  const { page, close } = await freshPage()
  try {
    return await page.evaluate(
      (data) =>
        new Promise((done, fail) => {
          const w = new Worker('./bench-worker.js', { type: 'module' })
          w.onmessage = (e) => {
            w.terminate()
            done(e.data)
          }
          w.onerror = (e) => fail(new Error(e.message))
          w.postMessage(data)
        }),
      { scenario, cold },
    )
  } finally {
    await close()
  }
}

async function sweep(lines, workers) {
  const { page, close } = await freshPage()
  try {
    return await page.evaluate(
      async ({ lines, workers }) => {
        const pool = Array.from({ length: workers }, () => new Worker('./run-worker.js', { type: 'module' }))
        const once = () =>
          new Promise((done, fail) => {
            const summaries = new Array(lines.length)
            let next = 0
            let finished = 0
            const start = performance.now()
            const feed = (w) => {
              if (next >= lines.length) return
              const id = next++
              w.postMessage({ id, scenario: lines[id] })
            }
            for (const w of pool) {
              w.onmessage = (e) => {
                summaries[e.data.id] = e.data.summary
                if (++finished === lines.length) done({ wall_s: (performance.now() - start) / 1000, summaries })
                else feed(w)
              }
              w.onerror = (e) => fail(new Error(e.message))
              feed(w)
            }
          })
        const cold = await once()
        const warm = await once()
        for (const w of pool) w.terminate()
        return {
          cold_s: cold.wall_s,
          warm_s: warm.wall_s,
          summaries: cold.summaries,
          same: cold.summaries.join() === warm.summaries.join(),
        }
      },
      { lines, workers },
    )
  } finally {
    await close()
  }
}

try {
  if (rest[0] === '--sweep') {
    const lines = readFileSync(rest[1], 'utf8')
      .split('\n')
      .filter((l) => l.trim() !== '')
    console.log(JSON.stringify(await sweep(lines, Number(rest[2]))))
  } else {
    for (const file of rest) {
      const scenario = readFileSync(file, 'utf8')
      const sliced = await measureIn(scenario, 'slices')
      const oneCall = await measureIn(scenario, 'one-call')
      const warm = oneCall.wall_s < sliced.wall_s ? oneCall : sliced
      console.log(
        JSON.stringify({
          scenario: file,
          ...warm,
          first_run_wall_s: sliced.first_run_wall_s,
          first_run_bottleneck_packets_per_s: sliced.first_run_bottleneck_packets_per_s,
          first_run_one_call_wall_s: oneCall.first_run_wall_s,
          first_run_one_call_bottleneck_packets_per_s: oneCall.first_run_bottleneck_packets_per_s,
        }),
      )
    }
  }
} finally {
  await browser.close()
  server.close()
}
