// Main-thread wrapper around the simulation worker: typed send and subscribe. No React here.
import { isFromWorker, type FromWorker, type ToWorker } from './protocol'

/** The part of `Worker` the client uses, so tests can pass a fake. */
export interface WorkerLike {
  postMessage(msg: ToWorker): void
  terminate(): void
  onmessage: ((e: MessageEvent) => void) | null
  onerror: ((e: ErrorEvent) => void) | null
}

export type Listener = (msg: FromWorker) => void

/** A short sample of a malformed message, for the error text. */
function preview(data: unknown): string {
  let text: string
  try {
    text = JSON.stringify(data) ?? String(data)
  } catch {
    text = String(data)
  }
  return text.length > 120 ? `${text.slice(0, 120)}…` : text
}

export function createSimWorker(): WorkerLike {
  return new Worker(new URL('./sim.worker.ts', import.meta.url), { type: 'module', name: 'aqm-sim' })
}

export class SimClient {
  private readonly worker: WorkerLike
  private readonly listeners = new Set<Listener>()

  constructor(worker: WorkerLike = createSimWorker()) {
    this.worker = worker
    worker.onmessage = (e: MessageEvent) => {
      const data: unknown = e.data
      const msg: FromWorker = isFromWorker(data)
        ? data
        : { type: 'error', code: 'malformed', message: preview(data), context: { control: 'protocol' } }
      for (const l of this.listeners) l(msg)
    }
    worker.onerror = (e: ErrorEvent) => {
      const msg: FromWorker = { type: 'error', code: 'worker', message: e.message, context: { control: 'engine' } }
      for (const l of this.listeners) l(msg)
    }
  }

  send(msg: ToWorker): void {
    this.worker.postMessage(msg)
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  terminate(): void {
    this.listeners.clear()
    this.worker.terminate()
  }
}
