// Runs a sweep's grid in the worker pool and keeps its progress and results for the view.
import { useCallback, useEffect, useRef, useState } from 'react'
import type { GridPoint } from './grid'
import { RunPool, type RunOutcome } from '../runs/pool'

export interface SweepRun {
  grid: GridPoint[]
  /** Runs per grid point (seeds seed, seed+1, …). */
  runs: number
  /** The swept parameter paths (two in a 2-D sweep). */
  params: string[]
  results: (RunOutcome | undefined)[]
  done: number
  status: 'idle' | 'running' | 'finished' | 'cancelled'
  /** `done` after every result, for the progress bar's history (tests read it). */
  progress: number[]
  /** Wall milliseconds from the start to the latest result, for the runs-per-second readout. */
  elapsedMs: number
}

const idle: SweepRun = {
  grid: [],
  runs: 1,
  params: [],
  results: [],
  done: 0,
  status: 'idle',
  progress: [],
  elapsedMs: 0,
}

/** Runs finished per wall second so far; NaN before the first result. */
export function runsPerSecond(run: Pick<SweepRun, 'done' | 'elapsedMs'>): number {
  return run.done > 0 && run.elapsedMs > 0 ? (1000 * run.done) / run.elapsedMs : Number.NaN
}

export function useSweepRun() {
  const pool = useRef<RunPool | null>(null)
  const [run, setRun] = useState<SweepRun>(idle)
  useEffect(() => () => pool.current?.dispose(), [])

  const start = useCallback((grid: GridPoint[], runs = 1, params: string[] = []) => {
    pool.current ??= new RunPool()
    const startedAt = performance.now()
    setRun({
      grid,
      runs,
      params,
      results: grid.map(() => undefined),
      done: 0,
      status: 'running',
      progress: [0],
      elapsedMs: 0,
    })
    void pool.current
      .run(
        grid.map((p) => p.scenario),
        (i, outcome) =>
          setRun((r) => {
            if (r.grid !== grid) return r
            const results = r.results.slice()
            results[i] = outcome
            const elapsedMs = performance.now() - startedAt
            return { ...r, results, done: r.done + 1, progress: [...r.progress, r.done + 1], elapsedMs }
          }),
      )
      .then((finished) => setRun((r) => (r.grid !== grid ? r : { ...r, status: finished ? 'finished' : 'cancelled' })))
  }, [])

  const cancel = useCallback(() => pool.current?.cancel(), [])

  return { run, start, cancel, pool }
}
