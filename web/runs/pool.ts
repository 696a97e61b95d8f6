// A pool of run workers, one per core (navigator.hardwareConcurrency): hands each idle worker the next
// scenario, reports every outcome as it arrives, and cancels by terminating the workers (a run cannot
// be interrupted inside the engine). A worker whose run failed is replaced, in case a panic poisoned it.
//
// Workers are kept warm: a worker that has run a scenario has its WebAssembly compiled and its hot code
// optimised by V8, and its first run in a fresh worker is much slower (docs/performance.md). So a pool
// keeps its workers between batches (the next sweep or Compare's next runs), and a disposed pool puts its
// idle workers on a shelf that the next pool takes from (the validation page after Compare, a new
// Compare after an edit). Only a batch still running is terminated.
import { isFromRunWorker, type FromRunWorker, type ToRunWorker } from './protocol'
import { parseSummary, type SummaryJson } from '../engine/summary'

export interface RunWorkerLike {
  postMessage(msg: ToRunWorker): void
  terminate(): void
  onmessage: ((e: MessageEvent) => void) | null
  onerror: ((e: ErrorEvent) => void) | null
}

export function createRunWorker(): RunWorkerLike {
  return new Worker(new URL('./run.worker.ts', import.meta.url), { type: 'module', name: 'aqm-run' })
}

export type RunOutcome = { ok: true; summary: SummaryJson } | { ok: false; error: string }

export function defaultPoolSize(): number {
  const n = typeof navigator === 'undefined' ? 2 : navigator.hardwareConcurrency
  return Math.max(1, Math.min(16, Number.isFinite(n) && n > 0 ? n : 2))
}

/** Idle warm workers between pools, at most `capacity` (more are terminated). */
export class WorkerShelf {
  private readonly idle: RunWorkerLike[] = []
  readonly capacity: number

  constructor(capacity = defaultPoolSize()) {
    this.capacity = capacity
  }

  take(): RunWorkerLike | undefined {
    return this.idle.pop()
  }

  put(w: RunWorkerLike): void {
    w.onmessage = null
    w.onerror = null
    if (this.idle.length < this.capacity) this.idle.push(w)
    else w.terminate()
  }

  get size(): number {
    return this.idle.length
  }
}

/** The page's shelf, shared by every pool of real run workers. */
export const warmWorkers = new WorkerShelf()

export class RunPool {
  readonly size: number
  private readonly makeWorker: () => RunWorkerLike
  private readonly shelf: WorkerShelf | null
  private readonly workers = new Map<number, RunWorkerLike>()
  private generation = 0
  private stopCurrent: (() => void) | null = null
  /** Workers started so far (for tests and the page's "N workers" note). */
  started = 0

  /** `shelf`: where idle workers wait between pools (by default the page's, for real run workers). */
  constructor(
    size = defaultPoolSize(),
    makeWorker: () => RunWorkerLike = createRunWorker,
    shelf: WorkerShelf | null = makeWorker === createRunWorker ? warmWorkers : null,
  ) {
    this.size = Math.max(1, size)
    this.makeWorker = makeWorker
    this.shelf = shelf
  }

  /**
   * Runs every scenario; `onResult(i, outcome)` for each as it finishes. Resolves true when all ran,
   * false when cancelled. One batch at a time: a new batch cancels the previous one.
   */
  run(scenarios: readonly string[], onResult: (i: number, outcome: RunOutcome) => void): Promise<boolean> {
    this.cancel()
    const generation = ++this.generation
    return new Promise((resolve) => {
      let next = 0
      let finished = 0
      const live = () => generation === this.generation
      this.stopCurrent = () => resolve(false)
      if (scenarios.length === 0) {
        this.stopCurrent = null
        resolve(true)
        return
      }
      const feed = (slot: number) => {
        if (!live() || next >= scenarios.length) return
        const id = next++
        this.worker(slot, generation, (msg) => {
          if (!live()) return
          if (msg.type === 'done') {
            let outcome: RunOutcome
            try {
              outcome = { ok: true, summary: parseSummary(msg.summary) }
            } catch (e) {
              outcome = { ok: false, error: e instanceof Error ? e.message : String(e) }
            }
            onResult(id, outcome)
          } else {
            onResult(id, { ok: false, error: msg.message })
            this.replace(slot)
          }
          finished++
          if (finished === scenarios.length) {
            this.stopCurrent = null
            resolve(true)
          } else feed(slot)
        }).postMessage({ type: 'run', id, scenario: scenarios[id] })
      }
      for (let slot = 0; slot < Math.min(this.size, scenarios.length); slot++) feed(slot)
    })
  }

  /**
   * Stops the running batch, if any: its workers are terminated (a run cannot be interrupted) and started
   * afresh on the next run. Between batches the workers stay, warm.
   */
  cancel(): void {
    this.generation++
    const stop = this.stopCurrent
    this.stopCurrent = null
    if (stop === null) return
    for (const w of this.workers.values()) w.terminate()
    this.workers.clear()
    stop()
  }

  /** Cancels the running batch; idle workers go on the shelf for the next pool. */
  dispose(): void {
    this.cancel()
    for (const w of this.workers.values()) {
      if (this.shelf === null) w.terminate()
      else this.shelf.put(w)
    }
    this.workers.clear()
  }

  private worker(slot: number, generation: number, onMessage: (msg: FromRunWorker) => void): RunWorkerLike {
    let w = this.workers.get(slot)
    if (w === undefined) {
      w = this.shelf?.take()
      if (w === undefined) {
        w = this.makeWorker()
        this.started++
      }
      this.workers.set(slot, w)
    }
    w.onmessage = (e: MessageEvent) => {
      const data: unknown = e.data
      if (isFromRunWorker(data)) onMessage(data)
      else onMessage({ type: 'failed', id: -1, message: 'malformed message from a run worker' })
    }
    w.onerror = (e: ErrorEvent) => {
      if (generation === this.generation)
        onMessage({ type: 'failed', id: -1, message: `run worker error: ${e.message}` })
    }
    return w
  }

  private replace(slot: number): void {
    this.workers.get(slot)?.terminate()
    this.workers.delete(slot)
  }
}
