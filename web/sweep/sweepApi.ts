// window.__aqmSweep: read-only hooks for the end-to-end tests: the grid as `aqm-cli sweep` input,
// the results, the progress seen and how many run workers were started.
import type { SweepRun } from './useSweepRun'

export interface SweepTestApi {
  /** The grid's scenario lines, in grid order (what `aqm-cli sweep` reads). */
  scenarios(): string[]
  results(): Array<{ side: number; x: number; y: number | null; rep: number; summary: unknown; error: string | null }>
  /** Runs per point of the latest sweep. */
  runs(): number
  progress(): number[]
  status(): SweepRun['status']
  workersStarted(): number
  poolSize(): number
}

declare global {
  interface Window {
    __aqmSweep?: SweepTestApi
  }
}

export function installSweepApi(
  read: () => SweepRun,
  pool: () => { started: number; size: number } | null,
): () => void {
  const api: SweepTestApi = {
    scenarios: () => read().grid.map((p) => p.scenario),
    results: () =>
      read().grid.map((p, i) => {
        const r = read().results[i]
        return {
          side: p.side,
          x: p.x,
          y: p.y ?? null,
          rep: p.rep,
          summary: r?.ok ? r.summary : null,
          error: r === undefined || r.ok ? null : r.error,
        }
      }),
    runs: () => read().runs,
    progress: () => read().progress,
    status: () => read().status,
    workersStarted: () => pool()?.started ?? 0,
    poolSize: () => pool()?.size ?? 0,
  }
  window.__aqmSweep = api
  return () => {
    if (window.__aqmSweep === api) delete window.__aqmSweep
  }
}
