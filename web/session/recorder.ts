// Records the running simulation's session (web/session/log.ts) from the engine's confirmed state: every
// 'state' message says what runs and at which simulated instant, so a change is logged at the instant the
// engine applied it, whether the person or a host page asked for it, and a refused change is not logged. A new
// simulation (a link opened, Apply, a reset: a new epoch) starts a new log.
import type { AqmConfig, FromWorker } from '../engine/protocol'
import type { SimStore } from '../engine/store'
import { encodeLog, toNanos, type Action, type SessionLog } from './log'

/** What one 'state' message confirms. */
export interface Confirmed {
  epoch: number
  simTime: number
  playing: boolean
  speed: number
  aqm: AqmConfig
  scenario: string
  ended?: boolean
}

/** The actions that lead from `was` to `now` (same epoch), at `now`'s instant. */
export function actionsBetween(was: Confirmed, now: Confirmed): Action[] {
  const at = toNanos(now.simTime)
  const out: Action[] = []
  if (was.aqm.kind !== now.aqm.kind) out.push({ at, kind: 'algorithm', aqm: now.aqm })
  else
    for (const [name, value] of Object.entries(now.aqm)) {
      if (name === 'kind' || JSON.stringify(was.aqm[name]) === JSON.stringify(value)) continue
      // A switch travels as 0/1 (the engine's set_param takes numbers); lists are not set one by one.
      if (typeof value === 'number') out.push({ at, kind: 'param', name, value })
      else if (typeof value === 'boolean') out.push({ at, kind: 'param', name, value: value ? 1 : 0 })
    }
  if (now.speed !== was.speed) out.push({ at, kind: 'speed', speed: now.speed })
  // Reaching the scenario's end pauses by itself: not the person's act.
  if (now.playing && !was.playing) out.push({ at, kind: 'play' })
  else if (!now.playing && was.playing && now.ended !== true) out.push({ at, kind: 'pause' })
  return out
}

/** At most this many actions a session (a dragged threshold sends one per step); later ones are dropped. */
export const MAX_ACTIONS = 5000

export class SessionRecorder {
  private last: Confirmed | null = null
  private log: SessionLog | null = null
  /** True when actions were dropped past MAX_ACTIONS: the log no longer replays exactly. */
  truncated = false

  /** Folds one worker message in. */
  receive(msg: FromWorker): void {
    if (msg.type === 'frame') {
      if (this.log !== null && this.last?.epoch === msg.epoch)
        this.log.end = Math.max(this.log.end, toNanos(msg.simTime))
      return
    }
    if (msg.type !== 'state') return
    const now: Confirmed = msg
    if (this.last === null || this.last.epoch !== now.epoch || this.log === null) {
      this.log = {
        scenario: now.scenario,
        playing: now.playing,
        speed: now.speed,
        end: toNanos(now.simTime),
        actions: [],
      }
      this.truncated = false
    } else {
      // A speed set before anything happened (a link's `speed=`) is where the session starts, not an act.
      const more = actionsBetween(this.last, now).filter((a) => {
        const opening = a.kind === 'speed' && a.at === 0 && this.log?.actions.length === 0
        if (opening && this.log !== null) this.log.speed = a.speed
        return !opening
      })
      const room = MAX_ACTIONS - this.log.actions.length
      if (more.length > room) this.truncated = true
      this.log.actions.push(...more.slice(0, Math.max(0, room)))
      this.log.end = Math.max(this.log.end, toNanos(now.simTime))
    }
    this.last = now
  }

  /** The session so far (a copy); null before the first simulation. */
  session(): SessionLog | null {
    return this.log === null ? null : { ...this.log, actions: [...this.log.actions] }
  }

  /** The session's log as a link or file carries it; null before the first simulation. */
  encoded(): string | null {
    return this.log === null ? null : encodeLog(this.log)
  }
}

const recorders = new WeakMap<SimStore, SessionRecorder>()

/** Starts recording `store`'s sessions; returns the stop function (an effect's cleanup). */
export function recordSessions(store: SimStore): () => void {
  const recorder = new SessionRecorder()
  recorders.set(store, recorder)
  const stop = store.subscribeMessages((msg) => recorder.receive(msg))
  return () => {
    stop()
    if (recorders.get(store) === recorder) recorders.delete(store)
  }
}

/** The recorder of `store`'s sessions, if one runs. */
export function recorderOf(store: SimStore): SessionRecorder | null {
  return recorders.get(store) ?? null
}

/** The replay link of a log: the page's replay view with the log (web/replay/). */
export function replayLink(encoded: string, base: string = window.location.href): string {
  const url = new URL(base)
  const lang = url.searchParams.get('lang')
  url.search = `?view=replay${lang === null ? '' : `&lang=${encodeURIComponent(lang)}`}&log=${encoded}`
  url.hash = ''
  return url.toString()
}
