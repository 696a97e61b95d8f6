// A session's action log (issue 32, record and replay): the scenario a simulation was built from and what the
// person did to it, each action with the simulated instant the engine applied it at, in integer nanoseconds (the
// engine's own clock, engine-wasm/src/time.rs), so a replay reaches exactly the same instants. The engine is
// deterministic: the same scenario with the same changes at the same instants gives the same trace, bit for bit.
//
// Wire form (the `replay=` link key, a session file's "replay"): JSON of short arrays, DEFLATE-compressed
// (RFC 1951) and written in base64url without padding (RFC 4648 §5), so it travels in a URL as it is.
import { deflateSync, inflateSync, strFromU8, strToU8 } from 'fflate'
import type { AqmConfig } from '../engine/protocol'
import { isAqmConfig } from '../engine/protocol'

export type Action =
  /** A parameter of the running algorithm set to `value` (a switch: 0 or 1). */
  | { at: number; kind: 'param'; name: string; value: number }
  /** Another algorithm, with the whole configuration the engine confirmed. */
  | { at: number; kind: 'algorithm'; aqm: AqmConfig }
  | { at: number; kind: 'play' }
  | { at: number; kind: 'pause' }
  /** Simulated seconds per wall second; Infinity: as fast as the engine can. */
  | { at: number; kind: 'speed'; speed: number }

export type ActionKind = Action['kind']

export interface SessionLog {
  /** The scenario JSON the simulation was built from, as the engine confirmed it. */
  scenario: string
  /** Whether the simulation was playing, and at what speed, when it was built. */
  playing: boolean
  speed: number
  /** The last simulated instant the session reached, nanoseconds. */
  end: number
  /** In order of `at` (nanoseconds from the start). */
  actions: Action[]
}

export const LOG_VERSION = 1

/** Seconds (the engine's `now()`) to its integer nanoseconds, rounded as the engine's `from_secs` does. */
export function toNanos(seconds: number): number {
  return Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds * 1e9) : 0
}

/** Nanoseconds to seconds, as the engine's `to_secs`. */
export function toSeconds(nanos: number): number {
  return nanos / 1e9
}

/** Whether the action changes what the engine computes (play, pause and speed only change the wall clock). */
export function changesTrace(a: Action): a is Extract<Action, { kind: 'param' | 'algorithm' }> {
  return a.kind === 'param' || a.kind === 'algorithm'
}

// JSON has no Infinity: speed 0 stands for "as fast as it can" (no real speed is 0).
const speedOut = (s: number) => (s === Infinity ? 0 : s)
const speedIn = (s: number) => (s === 0 ? Infinity : s)

type Row = [number, string, ...unknown[]]

function row(a: Action, dt: number): Row {
  switch (a.kind) {
    case 'param':
      return [dt, 'p', a.name, a.value]
    case 'algorithm':
      return [dt, 'a', a.aqm]
    case 'play':
      return [dt, '>']
    case 'pause':
      return [dt, '|']
    case 'speed':
      return [dt, 's', speedOut(a.speed)]
  }
}

function action(r: unknown, at: number): Action | null {
  if (!Array.isArray(r)) return null
  const [, code, x, y] = r as unknown[]
  if (code === 'p' && typeof x === 'string' && typeof y === 'number') return { at, kind: 'param', name: x, value: y }
  if (code === 'a' && isAqmConfig(x)) return { at, kind: 'algorithm', aqm: x }
  if (code === '>') return { at, kind: 'play' }
  if (code === '|') return { at, kind: 'pause' }
  if (code === 's' && typeof x === 'number' && x >= 0) return { at, kind: 'speed', speed: speedIn(x) }
  return null
}

function toBase64Url(bytes: Uint8Array): string {
  let s = ''
  for (const b of bytes) s += String.fromCharCode(b)
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

function fromBase64Url(text: string): Uint8Array {
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/')
  const s = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4))
  return Uint8Array.from(s, (c) => c.charCodeAt(0))
}

/** The log as the text a link or a file carries. Times are deltas from the previous action. */
export function encodeLog(log: SessionLog): string {
  let prev = 0
  const rows = log.actions.map((a) => {
    const r = row(a, a.at - prev)
    prev = a.at
    return r
  })
  const body = [LOG_VERSION, log.scenario, log.playing ? 1 : 0, speedOut(log.speed), log.end, rows]
  return toBase64Url(deflateSync(strToU8(JSON.stringify(body)), { level: 9 }))
}

export class LogError extends Error {}

/** Reads `encodeLog`'s text; throws LogError with what is wrong. */
export function decodeLog(text: string): SessionLog {
  let body: unknown
  try {
    body = JSON.parse(strFromU8(inflateSync(fromBase64Url(text.trim()))))
  } catch {
    throw new LogError('not a session log (it does not decode)')
  }
  if (!Array.isArray(body) || body[0] !== LOG_VERSION) throw new LogError('not a session log of this version')
  const [, scenario, playing, speed, end, rows] = body as unknown[]
  if (typeof scenario !== 'string' || typeof speed !== 'number' || typeof end !== 'number' || !Array.isArray(rows))
    throw new LogError('a session log with missing parts')
  const actions: Action[] = []
  let at = 0
  for (const r of rows) {
    const dt = Array.isArray(r) ? r[0] : undefined
    if (typeof dt !== 'number' || !Number.isInteger(dt) || dt < 0) throw new LogError('an action without its time')
    at += dt
    const a = action(r, at)
    if (a === null) throw new LogError('an action this lab does not know')
    actions.push(a)
  }
  return { scenario, playing: playing === 1, speed: speedIn(speed), end, actions }
}
