// Messages between the page and a run worker (run.worker.ts): one scenario in, its summary out.
// Guards are the only place an incoming `unknown` becomes a typed message.

export type ToRunWorker = { type: 'run'; id: number; scenario: string }

export type FromRunWorker =
  { type: 'done'; id: number; summary: string } | { type: 'failed'; id: number; message: string }

type Obj = Record<string, unknown>
const isObj = (x: unknown): x is Obj => typeof x === 'object' && x !== null && !Array.isArray(x)

export function isToRunWorker(x: unknown): x is ToRunWorker {
  return isObj(x) && x.type === 'run' && typeof x.id === 'number' && typeof x.scenario === 'string'
}

export function isFromRunWorker(x: unknown): x is FromRunWorker {
  if (!isObj(x) || typeof x.id !== 'number') return false
  if (x.type === 'done') return typeof x.summary === 'string'
  if (x.type === 'failed') return typeof x.message === 'string'
  return false
}
