// Second visit against first visit in Debian's Chromium: does V8's WebAssembly code cache give a second
// visit optimised code from its first run? (docs/performance.md, "The code cache on a second visit".)
//
//   npm run bench:code-cache [-- <pkg dir> <scenario.json> <pairs>]   (defaults: web/engine/pkg, reference c, 3)
//
// Serves the wasm package, the page's own service worker (web/pwa/sw.js, with its precache list filled
// in as vite.config.ts does) and a small harness. Each pair is two visits with one browser profile (a
// fresh user-data directory per pair): the first visit installs the service worker, which caches the
// package; a worker then loads the engine (wasm-bindgen's init(): instantiateStreaming of the fetched
// .wasm) and makes the cold run of bench-wasm-run.mjs (the first run, in slices as the page's run workers
// make it) and one warm run. The browser stays open a few seconds, so that V8 can write its code cache,
// and closes. The second visit, in the same profile, does the same. Prints, per visit: how the .wasm
// reached the worker (content type, served by the service worker or not), the engine's load time, the
// cold and warm runs' speed, and how many entries Chromium's wasm code cache holds on disk.
/* global Worker, window -- inside page.evaluate */
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { chromium } from '@playwright/test'
import { serveBench } from './bench-server.mjs'

const root = new URL('..', import.meta.url).pathname
const [pkgArg, scenarioArg, pairsArg = '3'] = process.argv.slice(2)
const pkg = resolve(pkgArg ?? join(root, 'web/engine/pkg'))
const scenario = readFileSync(
  scenarioArg ?? join(root, 'engine-wasm/bench/c_400mbps_prague_cubic_dualpi2.json'),
  'utf8',
)
const pairs = Math.max(1, Number(pairsArg))

const PRECACHE = ['./', './bench-worker.js', './run.mjs', './pkg/aqm_engine.js', './pkg/aqm_engine_bg.wasm']
const sw = readFileSync(join(root, 'web/pwa/sw.js'), 'utf8')
  .replace("'__AQM_VERSION__'", "'bench'")
  .replace('const PRECACHE = __AQM_PRECACHE__', `const PRECACHE = ${JSON.stringify(PRECACHE)}`)

// The worker: the engine's load (as the page's workers load it), the cold run and one warm run.
const benchWorkerJs = `
import init, { Simulation } from './pkg/aqm_engine.js'
import { measure } from './run.mjs'
self.onmessage = async (e) => {
  const t0 = performance.now()
  const exports = await init()
  const load_ms = performance.now() - t0
  const wasm = performance.getEntriesByType('resource').find((r) => r.name.endsWith('.wasm'))
  const { scenario } = e.data
  const m = measure(Simulation, exports.memory, scenario, JSON.parse(scenario).duration, () => performance.now(), { cold: 'slices', warmRuns: 1 })
  self.postMessage({ load_ms, via_service_worker: wasm ? wasm.workerStart > 0 : null, ...m })
}
`
const page = `<!doctype html><title>code cache</title><script type="module">
window.swReady = (async () => {
  await navigator.serviceWorker.register('./sw.js')
  await navigator.serviceWorker.ready
  if (!navigator.serviceWorker.controller)
    await new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }))
  const r = await fetch('./pkg/aqm_engine_bg.wasm')
  return r.headers.get('content-type')
})()
</script>`

const { server, origin } = await serveBench(pkg, { '/sw.js': sw, '/bench-worker.js': benchWorkerJs }, page)

/** Entries in Chromium's wasm code cache of a profile (files in `Code Cache/wasm`, its index left out). */
function wasmCacheEntries(dir) {
  let n = 0
  const walk = (d) => {
    for (const f of readdirSync(d)) {
      const p = join(d, f)
      if (statSync(p).isDirectory()) walk(p)
      else if (p.includes(join('Code Cache', 'wasm')) && !p.includes('index')) n++
    }
  }
  walk(dir)
  return n
}

async function visit(profile) {
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    // AQM_JS_FLAGS: V8 flags for an experiment (e.g. --wasm-caching-threshold=1000).
    args: ['--no-sandbox', ...(process.env.AQM_JS_FLAGS ? [`--js-flags=${process.env.AQM_JS_FLAGS}`] : [])],
  })
  try {
    const p = await context.newPage()
    await p.goto(origin)
    const contentType = await p.evaluate(() => window.swReady)
    const m = await p.evaluate(
      (scenario) =>
        new Promise((done, fail) => {
          const w = new Worker('./bench-worker.js', { type: 'module' })
          // The worker stays alive: V8 writes the code cache from the worker's isolate, a timeout
          // (2 s by default) after enough optimised code exists; a terminated worker never writes it.
          w.onmessage = (e) => done(e.data)
          w.onerror = (e) => fail(new Error(e.message))
          w.postMessage({ scenario })
        }),
      scenario,
    )
    // Give V8 time to write the cache (as a page left open would) before the browser closes.
    await p.waitForTimeout(5000)
    return { contentType, ...m }
  } finally {
    await context.close()
  }
}

const f = (v, d = 0) => v.toFixed(d)
try {
  for (let pair = 1; pair <= pairs; pair++) {
    const profile = mkdtempSync(join(tmpdir(), 'aqm-code-cache-'))
    try {
      for (const which of ['first visit', 'second visit']) {
        const before = wasmCacheEntries(profile)
        const m = await visit(profile)
        console.log(
          `pair ${pair}, ${which}: .wasm ${m.contentType}${m.via_service_worker ? ' from the service worker' : ''}; ` +
            `engine loaded in ${f(m.load_ms)} ms; cold run ${f(m.first_run_wall_s * 1000)} ms ` +
            `(${f(m.first_run_bottleneck_packets_per_s)} packets / s), warm ${f(m.wall_s * 1000)} ms ` +
            `(${f(m.bottleneck_packets_per_s)} packets / s), cold / warm ${(m.first_run_wall_s / m.wall_s).toFixed(2)}x; ` +
            `wasm code cache entries before the visit: ${before}`,
        )
      }
    } finally {
      if (process.env.AQM_KEEP_PROFILE) console.log(`profile kept: ${profile}`)
      else rmSync(profile, { recursive: true, force: true })
    }
  }
} finally {
  server.close()
}
