import { beforeEach, describe, expect, it } from 'vitest'
import { IDLE_MS, Runner, SLICE_MS, SUMMARY_COST_FACTOR, SUMMARY_MS, type Engine, type EngineSim } from './runner'
import type { FromWorker } from './protocol'

const COLUMNS = ['t', 'q_pkts', 'avg']
const DT = 0.05

/** A tiny stand-in for the wasm Simulation: one row every 50 ms, RED-like parameter rules. */
class FakeSim implements EngineSim {
  t = 0
  rows: number[] = []
  aqmCfg: Record<string, number | string> = { kind: 'red', min_th: 5, max_th: 15 }
  freed = false
  /** Like the engine's `StateSpec::traced`: a 'dualpi2' fake traces two entries, one row per trace row. */
  traced: string[] = []
  stateRows: number[] = []
  private readonly world: FakeWorld
  constructor(json: string, world: FakeWorld) {
    this.world = world
    const s: unknown = JSON.parse(json)
    if (typeof s === 'object' && s !== null && 'aqm' in s && typeof s.aqm === 'object' && s.aqm !== null) {
      this.aqmCfg = { ...this.aqmCfg, ...Object.fromEntries(Object.entries(s.aqm)) }
    }
    this.traced = this.aqmCfg.kind === 'dualpi2' ? ['l_packets', 'c_packets'] : []
  }
  state_columns() {
    return JSON.stringify(this.traced)
  }
  take_state_samples() {
    const r = new Float64Array(this.stateRows)
    this.stateRows = []
    return r
  }
  run_for(seconds: number) {
    if (this.world.trapOnRun) {
      this.world.panic = 'index out of bounds in link.rs'
      throw new WebAssembly.RuntimeError('unreachable')
    }
    const end = this.t + seconds
    for (let k = Math.floor(this.t / DT) + 1; k * DT <= end + 1e-12; k++) {
      this.rows.push(k * DT, k % 7, 2)
      if (this.traced.length > 0) this.stateRows.push(k % 3, (k % 7) - (k % 3))
    }
    this.t = end
  }
  now() {
    return this.t
  }
  columns() {
    return JSON.stringify(COLUMNS)
  }
  take_samples() {
    const r = new Float64Array(this.rows)
    this.rows = []
    return r
  }
  set_param(name: string, value: number) {
    if (name === 'explode') {
      this.world.panic = 'attempt to divide by zero'
      throw new WebAssembly.RuntimeError('unreachable')
    }
    const next = { ...this.aqmCfg, [name]: value }
    if (Number(next.min_th) >= Number(next.max_th)) throw new Error('min_th must be below max_th (15)')
    this.aqmCfg = next
  }
  set_algorithm(json: string) {
    this.aqmCfg = JSON.parse(json)
    if (this.t === 0) this.traced = this.aqmCfg.kind === 'dualpi2' ? ['l_packets', 'c_packets'] : []
  }
  aqm() {
    return JSON.stringify(this.aqmCfg)
  }
  state() {
    return '{"avg":2,"count":3}'
  }
  curve() {
    return '[[5,0],[15,0.1]]'
  }
  summaries = 0
  summary() {
    this.summaries++
    // The engine writes NaN as null (no window cuts yet: no sync index).
    return JSON.stringify({
      measured_from_s: 0.5,
      measured_to_s: this.t,
      utilisation: 0.9,
      mean_queue_pkts: 3,
      std_queue_pkts: 1,
      total_goodput_mbps: 9,
      total_goodput_payload_mbps: 8.64,
      delay_ms: { mean: 2.5, p50: 2, p95: 4, p99: 5 },
      jain: 0.99,
      min_max_fairness_pct: 90,
      sync: { cuts: 0, index: null, random: null, excess: null, mass_cut_share: null },
      drops_by_reason: { overflow: 4 },
      marks_by_reason: {},
      flows: [],
    })
  }
  free() {
    this.freed = true
  }
  /** Slot counts asked for by take_view, in order. */
  viewAsks: number[] = []
  take_view(maxSlots: number) {
    this.viewAsks.push(maxSlots)
    return Uint32Array.from([1, 1, maxSlots, 0, 0, 3])
  }
}

class FakeWorld implements Engine {
  sims: FakeSim[] = []
  panic = ''
  trapOnRun = false
  createSimulation(json: string) {
    const s = new FakeSim(json, this)
    this.sims.push(s)
    return s
  }
  defaultScenario() {
    return '{"version":1,"aqm":{"kind":"red"}}'
  }
  algorithms() {
    return '[]'
  }
  validateScenario(json: string) {
    return json.includes('"duration":-1') ? 'duration must be positive' : ''
  }
  lastPanicMessage() {
    return this.panic
  }
}

let world: FakeWorld
let posted: FromWorker[]
let now: number
let queued: Array<() => void>
let delays: number[]
let runner: Runner
/** Wall time at which each message was posted. */
let postedAt: number[]

const ofType = <T extends FromWorker['type']>(type: T) =>
  posted.filter((m): m is Extract<FromWorker, { type: T }> => m.type === type)
const last = <T extends FromWorker['type']>(type: T) => ofType(type).at(-1)

beforeEach(() => {
  world = new FakeWorld()
  posted = []
  now = 0
  queued = []
  delays = []
  postedAt = []
  const schedule = (fn: () => void, delayMs: number) => {
    queued.push(fn)
    delays.push(delayMs)
  }
  runner = new Runner(
    world,
    (m) => {
      posted.push(m)
      postedAt.push(now)
    },
    { clock: () => now, schedule },
  )
  runner.boot()
})

/** Lets `ms` of wall time pass, then runs whatever the runner scheduled. */
function advance(ms: number) {
  now += ms
  const fns = queued
  queued = []
  fns.forEach((f) => f())
}

describe('Runner', () => {
  it('boots: announces columns, then a first frame and the paused state', () => {
    expect(posted.map((m) => m.type)).toEqual(['ready', 'frame', 'state'])
    expect(last('ready')?.columns).toEqual(COLUMNS)
    expect(last('state')).toMatchObject({ playing: false, epoch: 1, aqm: { kind: 'red', min_th: 5 } })
  })

  it('advances by speed × wall time while playing and stops when paused', () => {
    runner.handle({ type: 'set-speed', simSecondsPerWallSecond: 2 })
    runner.handle({ type: 'play' })
    for (let i = 0; i < 10; i++) advance(20) // 200 ms of wall time
    expect(world.sims[0].t).toBeCloseTo(0.4, 6)
    runner.handle({ type: 'pause' })
    const t = world.sims[0].t
    advance(20)
    advance(20)
    expect(world.sims[0].t).toBe(t)
    expect(last('state')?.playing).toBe(false)
  })

  it('posts at most one frame per 16 ms, and the frames carry every row once', () => {
    runner.handle({ type: 'play' })
    const before = ofType('frame').length
    for (let i = 0; i < 100; i++) advance(4) // 400 ms in 4 ms ticks
    runner.handle({ type: 'pause' })
    const frames = ofType('frame').slice(before)
    expect(frames.length).toBeLessThanOrEqual(Math.ceil(400 / 16) + 1)
    const times = frames.flatMap((f) => Array.from(f.samples).filter((_, i) => i % f.columns === 0))
    expect(times.length).toBe(8) // 0.4 s at one row per 50 ms
    expect(new Set(times).size).toBe(times.length)
  })

  it('rests between ticks once a finite speed caught up, and never at full speed', () => {
    runner.handle({ type: 'play' })
    advance(20)
    expect(delays.at(-1)).toBe(IDLE_MS)
    runner.handle({ type: 'set-speed', simSecondsPerWallSecond: Infinity })
    // Each run_for "takes" 1 ms of wall time, so a slice ends after SLICE_MS.
    const realRun = world.sims[0].run_for.bind(world.sims[0])
    let calls = 0
    world.sims[0].run_for = (s: number) => {
      calls++
      now += 1
      realRun(s)
    }
    const t = world.sims[0].t
    advance(4)
    expect(delays.at(-1)).toBe(0)
    expect(world.sims[0].t).toBeGreaterThan(t)
    expect(calls).toBe(SLICE_MS) // the slice ends after SLICE_MS of wall time
  })

  it('reports an invalid parameter for that control and keeps the last good value', () => {
    runner.handle({ type: 'set-param', name: 'min_th', value: 20 })
    expect(last('error')).toEqual({
      type: 'error',
      code: 'engine',
      message: 'min_th must be below max_th (15)',
      context: { control: 'set-param', param: 'min_th', value: 20 },
    })
    runner.handle({ type: 'set-param', name: 'min_th', value: 8 })
    expect(last('state')?.aqm).toMatchObject({ min_th: 8 })
    expect(world.sims).toHaveLength(1) // no rebuild for an ordinary error
  })

  it("stops at the scenario's duration with its summary, and Play continues past it", () => {
    runner.handle({ type: 'configure', scenario: '{"version":1,"duration":2,"aqm":{"kind":"red"}}' })
    runner.handle({ type: 'set-speed', simSecondsPerWallSecond: 10 })
    runner.handle({ type: 'play' })
    for (let i = 0; i < 50; i++) advance(20) // 1 s of wall time: 10 simulated seconds if nothing stopped it
    const sim = world.sims.at(-1)!
    expect(sim.t).toBeCloseTo(2, 9)
    expect(last('state')).toMatchObject({ playing: false, ended: true })
    expect(last('frame')?.simTime).toBeCloseTo(2, 9)
    expect(posted.at(-1)?.type).toBe('summary')
    runner.handle({ type: 'play' })
    expect(last('state')).toMatchObject({ playing: true, ended: false })
    for (let i = 0; i < 10; i++) advance(20)
    expect(sim.t).toBeGreaterThan(3)
    // A reset stops at the duration again.
    runner.handle({ type: 'reset' })
    runner.handle({ type: 'play' })
    for (let i = 0; i < 50; i++) advance(20)
    expect(world.sims.at(-1)!.t).toBeCloseTo(2, 9)
    expect(last('state')?.ended).toBe(true)
  })

  it('sends the new curve with a frame when a parameter changes while paused', () => {
    let curve = '[[5,0],[15,0.1]]'
    world.sims[0].curve = () => curve
    curve = '[[8,0],[15,0.1]]'
    const frames = ofType('frame').length
    runner.handle({ type: 'set-param', name: 'min_th', value: 8 })
    expect(ofType('frame')).toHaveLength(frames + 1)
    expect(last('frame')?.curve).toEqual([
      [8, 0],
      [15, 0.1],
    ])
  })

  it('turns a panic into an error with the Rust message and rebuilds from the last good scenario', () => {
    runner.handle({ type: 'set-param', name: 'min_th', value: 7 })
    runner.handle({ type: 'set-param', name: 'explode', value: 1 })
    expect(last('error')).toMatchObject({ code: 'panic', message: 'attempt to divide by zero' })
    expect(last('error')?.context).toEqual({ control: 'set-param', param: 'explode', value: 1 })
    expect(world.sims).toHaveLength(2)
    expect(world.sims[0].freed).toBe(true)
    expect(world.sims[1].aqmCfg).toMatchObject({ min_th: 7 }) // the good change survived
    expect(last('state')).toMatchObject({ epoch: 2, playing: false })
    runner.handle({ type: 'step', seconds: 0.1 })
    expect(world.sims[1].t).toBeCloseTo(0.1, 9)
  })

  it('pauses after a panic while running instead of looping on it', () => {
    runner.handle({ type: 'play' })
    world.trapOnRun = true
    advance(20)
    expect(last('error')?.context).toEqual({ control: 'run' })
    expect(last('state')?.playing).toBe(false)
    world.trapOnRun = false
    advance(20)
    expect(world.sims.at(-1)?.t).toBe(0)
  })

  it('refuses an invalid scenario with the engine message and keeps the running one', () => {
    runner.handle({ type: 'configure', scenario: '{"duration":-1}' })
    expect(last('error')).toMatchObject({
      code: 'engine',
      message: 'duration must be positive',
      context: { control: 'configure' },
    })
    expect(world.sims).toHaveLength(1)
  })

  it('reset starts a new epoch at t = 0 with the live algorithm', () => {
    runner.handle({ type: 'set-algorithm', aqm: { kind: 'codel' } })
    runner.handle({ type: 'step', seconds: 1 })
    runner.handle({ type: 'reset' })
    expect(world.sims.at(-1)?.t).toBe(0)
    expect(last('state')).toMatchObject({ epoch: 2, aqm: { kind: 'codel' } })
  })

  it('posts the run summary at most about once per wall second while playing, and after a pause and a step', () => {
    const summaryTimes = () => posted.flatMap((m, i) => (m.type === 'summary' ? [postedAt[i]] : []))
    runner.handle({ type: 'set-speed', simSecondsPerWallSecond: 10 })
    runner.handle({ type: 'play' })
    for (let i = 0; i < 700; i++) advance(5) // 3.5 s of wall time in 700 ticks
    const times = summaryTimes()
    expect(times).toHaveLength(3) // at 1, 2 and 3 s: not once per tick or per frame
    times.slice(1).forEach((t, k) => expect(t - times[k]).toBeGreaterThanOrEqual(SUMMARY_MS))
    expect(world.sims[0].summaries).toBe(3)

    // Each summary follows the frame that carries the rows it covers.
    const i = posted.findIndex((m) => m.type === 'summary')
    expect(posted[i - 1].type).toBe('frame')

    runner.handle({ type: 'pause' })
    expect(posted.at(-1)?.type).toBe('summary')
    runner.handle({ type: 'step', seconds: 0.25 })
    const s = last('summary')
    expect(posted.at(-1)).toBe(s)
    expect(summaryTimes()).toHaveLength(5)
    expect(s?.epoch).toBe(last('state')?.epoch)
    expect(s?.summary).toMatchObject({
      mean_queue_pkts: 3,
      delay_ms: { mean: 2.5 },
      drops_by_reason: { overflow: 4 },
      marks_by_reason: {},
    })
    expect(s?.summary.measured_to_s).toBeCloseTo(world.sims[0].t, 9)
    expect(s?.summary.sync.excess).toBeNaN() // null from the engine
    expect(s?.summary?.flows).toEqual([]) // the per-flow rows reach the page (the fake engine has none)
  })

  it('spaces the summaries out when one takes long, so the worker stays responsive', () => {
    const sim = world.sims[0]
    const realSummary = sim.summary.bind(sim)
    sim.summary = () => {
      now += 100 // a long run: sorting and scanning a million window cuts
      return realSummary()
    }
    runner.handle({ type: 'play' })
    const at: number[] = []
    for (let i = 0; i < 1000; i++) {
      const before = ofType('summary').length
      advance(10)
      if (ofType('summary').length > before) at.push(now)
    }
    expect(at.length).toBeGreaterThanOrEqual(2)
    at.slice(1).forEach((t, k) => expect(t - at[k]).toBeGreaterThanOrEqual(SUMMARY_COST_FACTOR * 100))
  })

  it('sends the system view only while the page asks for it, and starts its events when asked', () => {
    const sim = world.sims[0]
    expect(ofType('frame').every((f) => f.view === undefined)).toBe(true)
    runner.handle({ type: 'set-view', slots: 120 })
    // One take to start the event interval, one for the frame posted at once.
    expect(sim.viewAsks).toEqual([120, 120])
    expect(Array.from(last('frame')?.view ?? [])).toEqual([1, 1, 120, 0, 0, 3])
    runner.handle({ type: 'play' })
    for (let i = 0; i < 10; i++) advance(20)
    expect(
      ofType('frame')
        .slice(-3)
        .every((f) => f.view instanceof Uint32Array),
    ).toBe(true)
    // Resized: the next frame has the new slot count and no event interval was thrown away.
    const before = sim.viewAsks.length
    runner.handle({ type: 'set-view', slots: 80 })
    expect(sim.viewAsks.slice(before)).toEqual([80])
    runner.handle({ type: 'set-view', slots: 0 })
    const asks = sim.viewAsks.length
    for (let i = 0; i < 10; i++) advance(20)
    expect(sim.viewAsks.length).toBe(asks)
    expect(last('frame')?.view).toBeUndefined()
  })

  it('appends the traced state entries to every row, and re-reads them after a switch before the first sample', () => {
    runner.handle({ type: 'set-algorithm', aqm: { kind: 'dualpi2' } })
    expect(last('state')?.columns).toEqual([...COLUMNS, 'state_l_packets', 'state_c_packets'])
    runner.handle({ type: 'play' })
    for (let i = 0; i < 10; i++) advance(20)
    runner.handle({ type: 'pause' })
    const frames = ofType('frame').filter((f) => f.samples.length > 0)
    expect(frames.every((f) => f.columns === 5)).toBe(true)
    const rows = frames.flatMap((f) => {
      const out: number[][] = []
      for (let i = 0; i < f.samples.length; i += 5) out.push(Array.from(f.samples.subarray(i, i + 5)))
      return out
    })
    expect(rows.length).toBeGreaterThan(0)
    // The fake's two queues add up to its q_pkts, row by row, as the engine's do.
    expect(rows.every((r) => r[3] + r[4] === r[1])).toBe(true)
  })
})
