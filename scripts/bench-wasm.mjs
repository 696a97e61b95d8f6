// WebAssembly-in-Node side of `npm run bench`: runs a scenario file through the wasm engine (the same
// module the page loads) and prints bottleneck packets per wall second, to compare with the native CLI:
// of a second run, once V8 has optimised the code, and of the first one apart.
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
/** Runs the scenario in one-second slices, draining the trace as the worker does; returns it and its wall time. */
function run() {
  const sim = new Simulation(scenario)
  const start = performance.now()
  for (let t = 0; t < seconds; t += 1) {
    sim.run_for(Math.min(1, seconds - t))
    sim.take_samples()
  }
  return { sim, wall: (performance.now() - start) / 1000 }
}
// V8 runs a module's code first in its baseline compiler (Liftoff) and swaps in the optimised code only for
// later calls; the engine's loop is one long call, so a run of a second or two is mostly baseline code. The
// first run is reported apart (what a short run costs from a cold start), the second is the measurement.
const first = run()
const { sim, wall } = run()
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
      first_run_bottleneck_packets_per_s: first.sim.bottleneck_packets() / first.wall,
      wasm_memory_bytes: exports.memory.buffer.byteLength,
    },
    null,
    2,
  ),
)
