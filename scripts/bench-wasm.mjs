// WebAssembly-in-Node side of `npm run bench`: runs a scenario file through the wasm engine (the same
// module the page loads) and prints bottleneck packets per wall second, to compare with the native CLI.
// Usage: node scripts/bench-wasm.mjs <scenario.json> [seconds] [pkg dir] — the pkg dir (default
// web/engine/pkg) lets `npm run bench -- --baseline <rev>` run another revision's build the same way.
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { performance } from 'node:perf_hooks'

const [file, secondsArg, pkgArg] = process.argv.slice(2)
const pkg = pkgArg ? pathToFileURL(resolve(pkgArg) + '/') : new URL('../web/engine/pkg/', import.meta.url)
const { Simulation, initSync } = await import(new URL('aqm_engine.js', pkg).href)
const wasm = new WebAssembly.Module(readFileSync(new URL('aqm_engine_bg.wasm', pkg)))
const exports = initSync({ module: wasm })
const scenario = readFileSync(file, 'utf8')
const seconds = Number(secondsArg || JSON.parse(scenario).duration)
const sim = new Simulation(scenario)
const start = performance.now()
// Run in one-second slices and drain the trace, as the worker does.
for (let t = 0; t < seconds; t += 1) {
  sim.run_for(Math.min(1, seconds - t))
  sim.take_samples()
}
const wall = (performance.now() - start) / 1000
const packets = sim.bottleneck_packets()
console.log(
  JSON.stringify(
    {
      simulated_s: seconds,
      wall_s: wall,
      speed_vs_real_time: seconds / wall,
      events_per_s: sim.events() / wall,
      bottleneck_packets: packets,
      bottleneck_packets_per_s: packets / wall,
      wasm_memory_bytes: exports.memory.buffer.byteLength,
    },
    null,
    2,
  ),
)
