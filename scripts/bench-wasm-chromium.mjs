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

// The worker makes bench-wasm.mjs's measurement (bench-wasm-run.mjs, served as it is).
const workerJs = `
import init, { Simulation } from './pkg/aqm_engine.js'
import { measure } from './run.mjs'
self.onmessage = async (e) => {
  const exports = await init()
  const scenario = e.data
  self.postMessage(measure(Simulation, exports.memory, scenario, JSON.parse(scenario).duration, () => performance.now()))
}
`
const types = { '.js': 'text/javascript', '.mjs': 'text/javascript', '.wasm': 'application/wasm', '.html': 'text/html' }
const server = createServer((req, res) => {
  const path = new URL(req.url, 'http://x').pathname
  try {
    const body =
      path === '/worker.js'
        ? workerJs
        : path === '/run.mjs'
          ? readFileSync(new URL('./bench-wasm-run.mjs', import.meta.url))
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
