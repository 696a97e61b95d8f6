// WebAssembly-in-Node side of `npm run bench`: runs a scenario file through the wasm engine (the same
// module the page loads) and prints bottleneck packets per wall second, to compare with the native CLI
// (scripts/bench-wasm-run.mjs: the first run in this fresh process, cold, and the best of the next, warm).
// Usage: node scripts/bench-wasm.mjs <scenario.json> [seconds] [pkg dir] [slices|one-call] [warm runs] — the pkg dir
// (default web/engine/pkg) lets `npm run bench -- --baseline <rev>` run another revision's build the same
// way; then how the cold run is cut (default slices) and how many warm runs follow it (default 2).
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { performance } from 'node:perf_hooks'
import { measure } from './bench-wasm-run.mjs'

const [file, secondsArg, pkgArg, cold = 'slices', warmRuns = '2'] = process.argv.slice(2)
const pkg = pkgArg ? pathToFileURL(resolve(pkgArg) + '/') : new URL('../web/engine/pkg/', import.meta.url)
const { Simulation, initSync } = await import(new URL('aqm_engine.js', pkg).href)
const wasm = new WebAssembly.Module(readFileSync(new URL('aqm_engine_bg.wasm', pkg)))
const exports = initSync({ module: wasm })
const scenario = readFileSync(file, 'utf8')
const seconds = Number(secondsArg || JSON.parse(scenario).duration)
console.log(
  JSON.stringify(
    measure(Simulation, exports.memory, scenario, seconds, () => performance.now(), {
      cold,
      warmRuns: Number(warmRuns),
    }),
    null,
    2,
  ),
)
