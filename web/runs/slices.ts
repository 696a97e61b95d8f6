// A whole run cut into calls of about SLICE_MS of wall time. V8 compiles a WebAssembly module first with
// its baseline compiler (Liftoff) and optimises hot functions in the background, but a call already running
// keeps the code it entered with (V8 has no on-stack replacement for WebAssembly): one long first call runs
// on baseline code to its end. Each new slice enters the optimised code once it is ready. The slices change
// nothing else: the engine pops the same events in the same order, and the last slice ends exactly at `end`.

/** What a slice needs of the engine's `Simulation`. */
export interface Sliceable {
  now(): number
  run_until(seconds: number): void
}

/** Wall time of one slice: long enough that a call's own cost vanishes, short enough to pick up tier-up. */
export const SLICE_MS = 20

/** Runs `sim` to `end` simulated seconds in slices of about SLICE_MS; the last call is `run_until(end)`. */
export function runInSlices(sim: Sliceable, end: number, now: () => number = () => performance.now()): number {
  let step = end / 4096
  for (let calls = 1; ; calls++) {
    const to = Math.min(end, sim.now() + step)
    const start = now()
    sim.run_until(to)
    if (to === end) return calls
    // The next slice aimed at SLICE_MS from this one's speed, growing or shrinking by at most 4×.
    step *= Math.min(4, Math.max(0.25, SLICE_MS / Math.max(now() - start, 0.05)))
  }
}
