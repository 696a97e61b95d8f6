import { describe, expect, it } from 'vitest'
import { RunPool, WorkerShelf, type RunOutcome, type RunWorkerLike } from './pool'
import type { ToRunWorker } from './protocol'

/** A fake run worker: answers each request on the next tick with a summary naming the scenario. */
class FakeWorker implements RunWorkerLike {
  static all: FakeWorker[] = []
  onmessage: ((e: MessageEvent) => void) | null = null
  onerror: ((e: ErrorEvent) => void) | null = null
  terminated = false
  handled: string[] = []
  constructor() {
    FakeWorker.all.push(this)
  }
  postMessage(msg: ToRunWorker): void {
    this.handled.push(msg.scenario)
    setTimeout(() => {
      if (this.terminated) return
      const data =
        msg.scenario === 'bad'
          ? { type: 'failed', id: msg.id, message: 'scenario: nope' }
          : { type: 'done', id: msg.id, summary: JSON.stringify({ utilisation: Number(msg.scenario) }) }
      this.onmessage?.(new MessageEvent('message', { data }))
    }, 1)
  }
  terminate(): void {
    this.terminated = true
  }
}

function pool(size: number, shelf: WorkerShelf | null = null) {
  FakeWorker.all = []
  return new RunPool(size, () => new FakeWorker(), shelf)
}

describe('the run pool', () => {
  it('runs every scenario once across at most `size` workers and reports each by index', async () => {
    const p = pool(3)
    const got = new Map<number, RunOutcome>()
    const done = await p.run(['1', '2', '3', '4', '5', '6', '7', '8'], (i, o) => got.set(i, o))
    expect(done).toBe(true)
    expect(FakeWorker.all).toHaveLength(3)
    expect(FakeWorker.all.flatMap((w) => w.handled).sort()).toEqual(['1', '2', '3', '4', '5', '6', '7', '8'])
    for (let i = 0; i < 8; i++) expect(got.get(i)).toEqual({ ok: true, summary: { utilisation: i + 1 } })
  })

  it('reports a failed run and replaces its worker', async () => {
    const p = pool(1)
    const got: RunOutcome[] = []
    await p.run(['bad', '2'], (_, o) => got.push(o))
    expect(got).toEqual([
      { ok: false, error: 'scenario: nope' },
      { ok: true, summary: { utilisation: 2 } },
    ])
    expect(FakeWorker.all).toHaveLength(2)
    expect(FakeWorker.all[0].terminated).toBe(true)
  })

  it('cancels: the batch resolves false, its workers are terminated and no more results arrive', async () => {
    const p = pool(2)
    const got: number[] = []
    const running = p.run(['1', '2', '3', '4'], (i) => {
      got.push(i)
      if (got.length === 1) p.cancel()
    })
    expect(await running).toBe(false)
    await new Promise((r) => setTimeout(r, 10))
    expect(got).toHaveLength(1)
    expect(FakeWorker.all.every((w) => w.terminated)).toBe(true)
  })

  it('keeps its workers warm between batches', async () => {
    const p = pool(2)
    await p.run(['1', '2', '3'], () => {})
    await p.run(['4', '5', '6'], () => {})
    expect(FakeWorker.all).toHaveLength(2)
    expect(p.started).toBe(2)
    expect(FakeWorker.all.some((w) => w.terminated)).toBe(false)
    expect(FakeWorker.all.flatMap((w) => w.handled).sort()).toEqual(['1', '2', '3', '4', '5', '6'])
  })

  it('puts the idle workers of a disposed pool on the shelf, where the next pool takes them', async () => {
    const shelf = new WorkerShelf(3)
    const first = pool(2, shelf)
    await first.run(['1', '2'], () => {})
    first.dispose()
    expect(shelf.size).toBe(2)
    const second = new RunPool(3, () => new FakeWorker(), shelf)
    const got: number[] = []
    expect(await second.run(['3', '4', '5'], (i) => got.push(i))).toBe(true)
    expect(second.started).toBe(1)
    expect(FakeWorker.all).toHaveLength(3)
    expect(got.sort()).toEqual([0, 1, 2])
    expect(shelf.size).toBe(0)
  })

  it('terminates, not shelves, the workers of a batch disposed while running, and the shelf keeps at most its capacity', async () => {
    const shelf = new WorkerShelf(1)
    const p = pool(2, shelf)
    const running = p.run(['1', '2', '3', '4'], () => {})
    p.dispose()
    expect(await running).toBe(false)
    expect(shelf.size).toBe(0)
    expect(FakeWorker.all.every((w) => w.terminated)).toBe(true)
    const q = pool(2, shelf)
    await q.run(['1', '2'], () => {})
    q.dispose()
    expect(shelf.size).toBe(1)
    expect(FakeWorker.all.filter((w) => w.terminated)).toHaveLength(1)
  })
})
