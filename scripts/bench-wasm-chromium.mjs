// WebAssembly-in-Chromium side of `npm run bench`: the same measurement as scripts/bench-wasm.mjs, but in a
// Web Worker of Debian's Chromium, where the page runs the engine. Serves the wasm package and a small harness
// on a free port; for each scenario file prints one JSON line {scenario, ...bench-wasm.mjs's fields}.
// Usage: node scripts/bench-wasm-chromium.mjs <pkg dir> <scenario.json>...
/* global Worker -- inside page.evaluate */
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { extname, join, resolve } from 'node:path'
import { chromium } from '@playwright/test'

const [pkgArg, ...scenarios] = process.argv.slice(2)
const pkg = resolve(pkgArg)

// The worker runs a scenario twice in one-second slices, draining the trace, as bench-wasm.mjs does.
const workerJs = `
import init, { Simulation } from './pkg/aqm_engine.js'
self.onmessage = async (e) => {
  const exports = await init()
  const scenario = e.data
  const seconds = JSON.parse(scenario).duration
  const run = () => {
    const sim = new Simulation(scenario)
    const start = performance.now()
    for (let t = 0; t < seconds; t += 1) {
      sim.run_for(Math.min(1, seconds - t))
      sim.take_samples()
    }
    return { sim, wall: (performance.now() - start) / 1000 }
  }
  const first = run()
  const { sim, wall } = run()
  self.postMessage({
    simulated_s: seconds,
    wall_s: wall,
    speed_vs_real_time: seconds / wall,
    events_per_s: sim.events() / wall,
    bottleneck_packets: sim.bottleneck_packets(),
    bottleneck_packets_per_s: sim.bottleneck_packets() / wall,
    first_run_bottleneck_packets_per_s: first.sim.bottleneck_packets() / first.wall,
    wasm_memory_bytes: exports.memory.buffer.byteLength,
  })
}
`
const types = { '.js': 'text/javascript', '.wasm': 'application/wasm', '.html': 'text/html' }
const server = createServer((req, res) => {
  const path = new URL(req.url, 'http://x').pathname
  try {
    const body =
      path === '/worker.js'
        ? workerJs
        : path.startsWith('/pkg/')
          ? readFileSync(join(pkg, path.slice('/pkg/'.length)))
          : '<!doctype html><title>bench</title>'
    res.setHeader('content-type', types[extname(path)] ?? 'text/html')
    res.end(body)
  } catch {
    res.statusCode = 404
    res.end()
  }
})
await new Promise((r) => server.listen(0, '127.0.0.1', r))
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] })
try {
  const page = await browser.newPage()
  await page.goto(`http://127.0.0.1:${server.address().port}/`)
  for (const file of scenarios) {
    const result = await page.evaluate(
      (scenario) =>
        new Promise((done, fail) => {
          const w = new Worker('./worker.js', { type: 'module' })
          w.onmessage = (e) => {
            w.terminate()
            done(e.data)
          }
          w.onerror = (e) => fail(new Error(e.message))
          w.postMessage(scenario)
        }),
      readFileSync(file, 'utf8'),
    )
    console.log(JSON.stringify({ scenario: file, ...result }))
  }
} finally {
  await browser.close()
  server.close()
}
