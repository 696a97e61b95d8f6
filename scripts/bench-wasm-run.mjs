// The measurement both WebAssembly benches make (scripts/bench-wasm.mjs in Node, bench-wasm-chromium.mjs in
// a Chromium worker, which loads this file as it is), in a fresh process or worker:
// - cold: the first run, in a module just compiled. V8 runs it first with its baseline compiler (Liftoff)
//   and swaps in optimised code only for later calls (no on-stack replacement for WebAssembly). `cold`
//   says how the run is cut: 'slices' as the page's run workers do now (calls of about 20 ms of wall time,
//   web/runs/slices.ts), 'one-call' as they did before (one call for the whole run);
// - warm: the best of the next `warmRuns` runs, in one-second slices draining the trace as the page's live
//   worker does (with warmRuns = 0, the warm fields repeat the cold run's).
export const SLICE_MS = 20

/** The same cut as web/runs/slices.ts (kept in step by hand: this file runs untranspiled in the browser). */
export function runInSlices(sim, end, now) {
  let step = end / 4096
  for (;;) {
    const to = Math.min(end, sim.now() + step)
    const start = now()
    runUntil(sim, to)
    if (to === end) return
    step *= Math.min(4, Math.max(0.25, SLICE_MS / Math.max(now() - start, 0.05)))
  }
}

// A build from before Simulation.run_until (npm run bench -- --baseline <old rev>) steps with run_for.
function runUntil(sim, seconds) {
  if (typeof sim.run_until === 'function') sim.run_until(seconds)
  else sim.run_for(seconds - sim.now())
}

export function measure(Simulation, memory, scenario, seconds, now, { cold = 'slices', warmRuns = 2 } = {}) {
  const run = (how) => {
    const sim = new Simulation(scenario)
    const start = now()
    if (how === 'slices') runInSlices(sim, seconds, now)
    else if (how === 'one-call') runUntil(sim, seconds)
    else
      for (let t = 0; t < seconds; t += 1) {
        runUntil(sim, Math.min(t + 1, seconds))
        sim.take_samples()
      }
    const wall = (now() - start) / 1000
    const result = { sim, wall, packets: sim.bottleneck_packets(), events: sim.events() }
    sim.free()
    return result
  }
  const first = run(cold)
  let best = first
  for (let i = 0; i < warmRuns; i++) {
    const r = run('seconds')
    if (i === 0 || r.wall < best.wall) best = r
  }
  return {
    simulated_s: seconds,
    wall_s: best.wall,
    speed_vs_real_time: seconds / best.wall,
    events: best.events,
    events_per_s: best.events / best.wall,
    bottleneck_packets: best.packets,
    bottleneck_packets_per_s: best.packets / best.wall,
    cold,
    first_run_wall_s: first.wall,
    first_run_bottleneck_packets_per_s: first.packets / first.wall,
    wasm_memory_bytes: memory.buffer.byteLength,
  }
}
