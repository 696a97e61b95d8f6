import { describe, expect, it } from 'vitest'
import { RunPool, type RunOutcome, type RunWorkerLike } from './pool'
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

function pool(size: number) {
  FakeWorker.all = []
  return new RunPool(size, () => new FakeWorker())
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
})
