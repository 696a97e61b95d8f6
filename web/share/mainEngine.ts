// The engine's pure functions on the page's own thread, loaded on demand: validate_scenario (the final
// word on a link or file before it reaches the worker) and trace_digest (comparing runs bit for bit).
// The simulation itself stays in the worker; this instance never runs one. The browser fetches the
// .wasm once for both (same URL, HTTP cache).

export interface MainEngine {
  /** "" when the engine accepts the scenario, else its message naming the field. */
  validate(scenarioJson: string): string
  /** Hex digest of a trace, as the CLI and the worker's engine compute it. */
  digest(values: Float64Array): string
}

let loading: Promise<MainEngine> | null = null

export function loadMainEngine(): Promise<MainEngine> {
  loading ??= import('../engine/pkg/aqm_engine.js')
    .then(async (m) => {
      await m.default()
      return { validate: m.validate_scenario, digest: m.trace_digest }
    })
    .catch((e: unknown) => {
      loading = null // a later call tries again
      throw e
    })
  return loading
}
