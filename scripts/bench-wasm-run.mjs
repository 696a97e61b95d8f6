// The measurement both WebAssembly benches make (scripts/bench-wasm.mjs in Node, bench-wasm-chromium.mjs in
// a Chromium worker, which loads this file as it is): the scenario run twice, in one-second slices, draining
// the trace as the page's worker does. V8 runs a module's code first in its baseline compiler (Liftoff) and
// swaps in the optimised code only for later calls; the engine's loop is one long call, so a run of a second
// or two is mostly baseline code. The first run is reported apart (what a short run costs from a cold
// start); the second is the measurement.
export function measure(Simulation, memory, scenario, seconds, now) {
  const run = () => {
    const sim = new Simulation(scenario)
    const start = now()
    for (let t = 0; t < seconds; t += 1) {
      sim.run_for(Math.min(1, seconds - t))
      sim.take_samples()
    }
    return { sim, wall: (now() - start) / 1000 }
  }
  const first = run()
  const { sim, wall } = run()
  const packets = sim.bottleneck_packets()
  return {
    simulated_s: seconds,
    wall_s: wall,
    speed_vs_real_time: seconds / wall,
    events_per_s: sim.events() / wall,
    bottleneck_packets: packets,
    bottleneck_packets_per_s: packets / wall,
    first_run_bottleneck_packets_per_s: first.sim.bottleneck_packets() / first.wall,
    wasm_memory_bytes: memory.buffer.byteLength,
  }
}
