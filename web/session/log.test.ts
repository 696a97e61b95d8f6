import { describe, expect, it } from 'vitest'
import { decodeLog, encodeLog, LogError, toNanos } from './log'
import { actionsBetween, SessionRecorder, type Confirmed } from './recorder'
import { plan } from './replayer'
import { minuteSession } from './fixtures'

const session = minuteSession
const scenario = session.scenario

describe('session log codec', () => {
  it('round-trips every kind of action exactly, times to the nanosecond', () => {
    const text = encodeLog(session)
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/) // base64url: travels in a link as it is
    expect(decodeLog(text)).toEqual(session)
  })

  it('is compact: ten actions over a minute in under 256 bytes, the scenario on top', () => {
    const withScenario = encodeLog(session).length
    const bare = encodeLog({ ...session, scenario: '' }).length
    expect(bare).toBeLessThan(256)
    expect(withScenario).toBeLessThan(bare + scenario.length)
    // More actions cost little each: deltas and short codes compress well.
    const many = {
      ...session,
      actions: [...session.actions, ...session.actions.map((a) => ({ ...a, at: a.at + 60e9 }))],
    }
    expect(encodeLog(many).length - withScenario).toBeLessThan(120)
  })

  it('refuses what is not a log, with a reason', () => {
    expect(() => decodeLog('not-a-log')).toThrow(LogError)
    expect(() => decodeLog('')).toThrow(LogError)
    const bad = encodeLog({ ...session, actions: [{ at: 5, kind: 'param', name: 'x', value: 1 }] })
    expect(decodeLog(bad).actions).toHaveLength(1)
  })

  it('converts seconds to the engine nanoseconds as from_secs rounds them', () => {
    expect(toNanos(0.1 + 0.2)).toBe(300_000_000)
    expect(toNanos(4.216000001)).toBe(4_216_000_001)
    expect(toNanos(-1)).toBe(0)
    expect(toNanos(Number.NaN)).toBe(0)
  })
})

const base: Confirmed = {
  epoch: 2,
  simTime: 1.5,
  playing: true,
  speed: 1,
  aqm: { kind: 'red', min_th: 5, max_th: 15, gentle: false },
  scenario,
}

describe('recording from confirmed state', () => {
  it('logs a changed parameter, a switch as 0/1, speed, play and pause at the state instant', () => {
    const now = { ...base, simTime: 2.25, speed: 4, playing: false, aqm: { ...base.aqm, min_th: 7, gentle: true } }
    expect(actionsBetween(base, now)).toEqual([
      { at: 2_250_000_000, kind: 'param', name: 'min_th', value: 7 },
      { at: 2_250_000_000, kind: 'param', name: 'gentle', value: 1 },
      { at: 2_250_000_000, kind: 'speed', speed: 4 },
      { at: 2_250_000_000, kind: 'pause' },
    ])
  })

  it('logs another algorithm whole, and no pause when the run reached its end by itself', () => {
    const codel = { kind: 'codel', target_ms: 5, interval_ms: 100 }
    expect(actionsBetween(base, { ...base, aqm: codel })).toEqual([
      { at: 1_500_000_000, kind: 'algorithm', aqm: codel },
    ])
    expect(actionsBetween(base, { ...base, playing: false, ended: true })).toEqual([])
  })

  it('starts a new log with each new simulation and keeps the latest instant as the end', () => {
    const r = new SessionRecorder()
    r.receive({ type: 'state', ...base, flows: [], simTime: 0, columns: [] })
    r.receive({ type: 'state', ...base, flows: [], simTime: 3, columns: [], aqm: { ...base.aqm, max_th: 20 } })
    r.receive({
      type: 'frame',
      epoch: 2,
      samples: new Float64Array(),
      columns: 0,
      simTime: 4.5,
      state: {},
      curve: null,
    })
    expect(r.session()).toEqual({
      scenario,
      playing: true,
      speed: 1,
      end: 4_500_000_000,
      actions: [{ at: 3_000_000_000, kind: 'param', name: 'max_th', value: 20 }],
    })
    r.receive({ type: 'state', ...base, flows: [], epoch: 3, simTime: 0, columns: [], scenario: '{}' })
    expect(r.session()).toEqual({ scenario: '{}', playing: true, speed: 1, end: 0, actions: [] })
    // A link's speed, set before anything happened, is the session's starting speed, not an action.
    r.receive({ type: 'state', ...base, flows: [], epoch: 3, simTime: 0, columns: [], scenario: '{}', speed: 5 })
    expect(r.session()).toEqual({ scenario: '{}', playing: true, speed: 5, end: 0, actions: [] })
    r.receive({ type: 'state', ...base, flows: [], epoch: 4, simTime: 0, columns: [], scenario: '{}' })
    expect(r.session()).toEqual({ scenario: '{}', playing: true, speed: 1, end: 0, actions: [] })
  })
})

describe('replay plan', () => {
  it('steps to each change exactly and applies it there, skipping play, pause and speed', () => {
    const { ops, next } = plan(session, 0, 0, session.end)
    expect(next).toBe(5)
    const steps = ops.filter((o) => o.op === 'step').map((o) => (o.op === 'step' ? Math.round(o.seconds * 1e9) : 0))
    // The steps add up to the end exactly, and each change comes at its own instant.
    expect(steps.reduce((a, b) => a + b, 0)).toBe(session.end)
    expect(ops.slice(0, 2)).toEqual([
      { op: 'step', seconds: 4.216000001 },
      { op: 'param', name: 'min_th', value: 8 },
    ])
    expect(ops.filter((o) => o.op !== 'step')).toEqual([
      { op: 'param', name: 'min_th', value: 8 },
      { op: 'param', name: 'max_th', value: 30 },
      { op: 'param', name: 'max_p', value: 0.25 },
      { op: 'algorithm', aqm: { kind: 'codel', target_ms: 5, interval_ms: 100 } },
      { op: 'param', name: 'target_ms', value: 2.5 },
    ])
  })

  it('resumes from where it stopped, in chunks, with changes at the boundary applied once', () => {
    const first = plan(session, 0, 0, 9_873_411_250)
    expect(first.next).toBe(2) // min_th and max_th (at the boundary itself)
    const rest = plan(session, 9_873_411_250, first.next, 12_000_000_000, 1_000_000_000)
    expect(rest.next).toBe(2)
    expect(rest.ops.every((o) => o.op === 'step' && o.seconds <= 1)).toBe(true)
    expect(rest.ops.length).toBe(3)
  })
})
