// The engine's pure functions on the page's own thread, loaded on demand: validate_scenario (the final
// word on a link or file before it reaches the worker) and trace_digest (comparing runs bit for bit).
// The simulation itself stays in the worker; this instance never runs one. The browser fetches the
// .wasm once for both (same URL, HTTP cache).

export interface MainEngine {
  /** "" when the engine accepts the scenario, else the JSON of its typed problem (scenario/engineProblem.ts). */
  validate(scenarioJson: string): string
  /** Hex digest of a trace, as the CLI and the worker's engine compute it. */
  digest(values: Float64Array): string
  /**
   * The scenario with `profile`'s defaults (the papers, ns-2, ns-3, Linux) for the fields it leaves out,
   * as JSON: the engine's apply_profile. Throws the engine's message if it refuses.
   */
  applyProfile(scenarioJson: string, profile: string): string
}

/** The wasm module's exports this file uses; apply_profile comes with the engine's implementation profiles. */
type EngineModule = typeof import('./pkg/aqm_engine.js') & {
  apply_profile?: (scenarioJson: string, profile: string) => string
}

let loading: Promise<MainEngine> | null = null

export function loadMainEngine(): Promise<MainEngine> {
  loading ??= import('./pkg/aqm_engine.js')
    .then(async (module): Promise<MainEngine> => {
      const m: EngineModule = module
      await m.default()
      return {
        validate: m.validate_scenario,
        digest: m.trace_digest,
        applyProfile: (json: string, profile: string) => {
          if (m.apply_profile === undefined) throw new Error('this build of the engine has no apply_profile')
          return m.apply_profile(json, profile)
        },
      }
    })
    .catch((e: unknown) => {
      loading = null // a later call tries again
      throw e
    })
  return loading
}
