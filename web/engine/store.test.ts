import { builtFlows } from './builtFlows'
import { describe, expect, it } from 'vitest'
import { bufferRows, SimStore } from './store'
import { SimClient, type WorkerLike } from './simClient'
import type { FromWorker, ToWorker } from './protocol'
import { runSummary } from './summaryFixture'

function fakeWorker() {
  const sent: ToWorker[] = []
  const w: WorkerLike & { sent: ToWorker[]; emit(msg: unknown): void } = {
    sent,
    onmessage: null,
    onerror: null,
    postMessage: (m) => sent.push(m),
    terminate: () => {},
    emit(msg) {
      this.onmessage?.(new MessageEvent('message', { data: msg }))
    },
  }
  return w
}

/** A store connected to a fake worker. */
function connected() {
  const w = fakeWorker()
  const store = new SimStore()
  store.connect(new SimClient(w))
  return { w, store }
}

const state = (epoch: number): FromWorker => ({
  type: 'state',
  epoch,
  flows: [],
  playing: true,
  speed: 1,
  simTime: 0,
  columns: ['t', 'q_pkts'],
  aqm: { kind: 'red' },
  scenario: '{}',
})
const frame = (epoch: number, ...rows: number[]): FromWorker => ({
  type: 'frame',
  epoch,
  samples: new Float64Array(rows),
  columns: 2,
  simTime: rows.at(-2) ?? 0,
  state: {},
  curve: null,
})

describe('SimStore', () => {
  it('asks for the default scenario on connect and accumulates frames', () => {
    const { w, store } = connected()
    expect(w.sent).toEqual([{ type: 'configure' }])
    w.emit(state(1))
    w.emit(frame(1, 0.05, 3, 0.1, 4))
    w.emit(frame(1, 0.15, 5))
    expect(store.buffer?.tail('q_pkts', 10)).toEqual([3, 4, 5])
    expect(store.live()).toMatchObject({ simTime: 0.15, framesReceived: 2, version: 2 })
  })

  it('tells React of a frame only when it starts a new simulation: the live frame carries the rest', () => {
    const { w, store } = connected()
    w.emit(state(1))
    let renders = 0
    let lives = 0
    store.subscribe(() => renders++)
    store.subscribeLive(() => lives++)
    const before = store.getSnapshot()
    w.emit({ ...frame(1, 0.05, 3), state: { q_pkts: 3, avg: 2.5 } })
    w.emit(frame(1, 0.1, 4))
    expect([renders, lives]).toEqual([0, 2])
    expect(store.getSnapshot()).toBe(before)
    expect(store.live()).toMatchObject({ epoch: 1, simTime: 0.1, aqmState: {}, framesReceived: 2 })
    // A frame of a rebuilt simulation (before its state message) clears the old run's summary once.
    w.emit(frame(2, 0.05, 9))
    expect(renders).toBe(1)
    expect(store.getSnapshot()).toMatchObject({ epoch: 2, summary: null })
    // A state message moves the clock (a reset to time 0) for the live readers too.
    w.emit({ ...state(3), simTime: 0 })
    expect(store.live()).toMatchObject({ epoch: 3, simTime: 0 })
  })

  it('parses the running scenario once, when its text changes, and hands every reader the same value', () => {
    const { w, store } = connected()
    expect(store.getSnapshot().running).toBeNull()
    const text = '{"link":{"buffer":50},"flows":[{"count":3}]}'
    w.emit({ ...state(1), scenario: text, flows: builtFlows(text) })
    const first = store.getSnapshot().running
    expect(first?.buffer).toEqual({ size: 50, unit: 'packets' })
    expect(first?.flows).toHaveLength(3)
    w.emit({ ...state(1), playing: false, scenario: text, flows: builtFlows(text) })
    w.emit(frame(1, 0.05, 3))
    expect(store.getSnapshot().running).toBe(first)
    w.emit({ ...state(2), scenario: '{"link":{"buffer":80}}' })
    expect(store.getSnapshot().running?.buffer?.size).toBe(80)
  })

  it('starts an empty buffer when a new simulation (epoch) begins', () => {
    const { w, store } = connected()
    w.emit(state(1))
    w.emit(frame(1, 0.05, 3))
    w.emit(frame(2, 0.05, 9))
    expect(store.buffer?.tail('q_pkts', 10)).toEqual([9])
  })

  it('files errors under their control and clears one when that control is used again', () => {
    const { w, store } = connected()
    w.emit({
      type: 'error',
      code: 'engine',
      message: 'min_th must be below max_th',
      context: { control: 'set-param', param: 'min_th', value: 20 },
    })
    expect(store.getSnapshot().errors['set-param:min_th']?.message).toBe('min_th must be below max_th')
    store.setParam('max_th', 30)
    expect(store.getSnapshot().errors['set-param:min_th']).toBeDefined()
    store.setParam('min_th', 10)
    expect(store.getSnapshot().errors['set-param:min_th']).toBeUndefined()
    expect(w.sent.at(-1)).toEqual({ type: 'set-param', name: 'min_th', value: 10 })
  })

  it('turns a malformed worker message into a protocol error instead of crashing', () => {
    const { w, store } = connected()
    w.emit({ type: 'frame', samples: [1, 2] })
    expect(store.getSnapshot().errors.protocol?.code).toBe('malformed')
  })

  it('sends a scenario to rebuild from, files the refusal under configure, and forgets it when asked', () => {
    const { w, store } = connected()
    store.configure('{"seed":7}')
    expect(w.sent.at(-1)).toEqual({ type: 'configure', scenario: '{"seed":7}' })
    const problem = {
      kind: 'out_of_range',
      field: 'link.rate_mbps',
      lo: 0.01,
      hi: 100000,
      unit: 'Mbit/s',
      got: 0,
      message: 'refused',
    } as const
    w.emit({ type: 'error', code: 'engine', message: 'refused', context: { control: 'configure' }, problem })
    expect(store.getSnapshot().errors.configure).toMatchObject({
      code: 'engine',
      context: { control: 'configure' },
      problem,
    })
    store.dismissError('configure')
    expect(store.getSnapshot().errors.configure).toBeUndefined()
  })

  it('keeps the run summary of the running simulation only', () => {
    const { w, store } = connected()
    const summary = runSummary()
    w.emit(state(1))
    w.emit({ type: 'summary', epoch: 1, summary })
    expect(store.getSnapshot().summary).toEqual(summary)
    w.emit(state(2)) // reset: a new run has no summary yet
    expect(store.getSnapshot().summary).toBeNull()
    w.emit({ type: 'summary', epoch: 1, summary }) // late, from the replaced run
    expect(store.getSnapshot().summary).toBeNull()
  })
})

describe('bufferRows', () => {
  it('keeps 8192 rows of a hundred flows, and fewer rows of longer ones, never fewer than 1024', () => {
    expect(bufferRows(2 * 100 + 30)).toBe(8192)
    expect(bufferRows(2 * 1000 + 30)).toBe(1033)
    expect(bufferRows(2 * 10_000 + 30)).toBe(1024)
  })
})

describe('SimStore actions', () => {
  it('does not render React for an action that clears no error (each step of a drag)', () => {
    const { w, store } = connected()
    w.emit(state(1))
    let renders = 0
    store.subscribe(() => renders++)
    store.setParam('max_th', 20)
    store.setParam('max_th', 21)
    store.play()
    expect(renders).toBe(0)
    expect(w.sent.filter((m) => m.type === 'set-param')).toHaveLength(2)
  })
})
