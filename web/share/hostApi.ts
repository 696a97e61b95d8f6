/**
 * A small postMessage API for pages that embed the lab in an iframe (see README, "postMessage API").
 * The lab listens only to its parent window; replies go to the sender's origin. Version: API_VERSION.
 *
 * To the lab (`frame.contentWindow.postMessage(message, labOrigin)`); any message may carry an `id`
 * (string or number) that the reply echoes:
 *   { type: 'aqm:play' } | { type: 'aqm:pause' } | { type: 'aqm:reset' }
 *   { type: 'aqm:step', seconds }            run this many simulated seconds (0 < seconds ≤ 60), paused
 *   { type: 'aqm:set-speed', speed }         simulated seconds per second, 0 < speed ≤ 10000, or 'max'
 *   { type: 'aqm:set-param', name, value }   a parameter of the running algorithm, live (switches: 0/1 or booleans)
 *   { type: 'aqm:set-algorithm', kind }      switch the algorithm live (its parameters take their defaults)
 *   { type: 'aqm:load', link }               open a scenario link (its query, "?v=1&...", or a whole URL)
 *   { type: 'aqm:get-metrics' }              answered by aqm:metrics
 *   { type: 'aqm:get-scenario' }             answered by aqm:scenario
 *
 * From the lab (to `window.parent`):
 *   { type: 'aqm:ready', api, kinds }                 the engine has started (kinds: its algorithms)
 *   { type: 'aqm:state', playing, simTime, speed, aqm }   after play, pause, speed, algorithm or parameter changes
 *   { type: 'aqm:metrics', simTime, metrics, id? }    summary of the latest sample (queue, delay, utilisation,
 *                                                     fairness, drop probability; drops and marks in total),
 *                                                     twice a second while playing and on request
 *   { type: 'aqm:scenario', scenario, link, id? }     the running scenario (engine JSON) and its link query
 *   { type: 'aqm:error', message, request?, id? }     a request that was refused (or that the engine refused)
 *   { type: 'aqm:resize', height }                    the embed's content height in CSS pixels
 *   { type: 'aqm:event', api, statement }             a learning event as an xAPI statement without an actor
 *                                                     (web/lms/xapi.ts; off with events=0 in the lab's link)
 *
 * Anything else is ignored: a message that is not an object, whose type does not start with 'aqm:', or
 * that comes from another window than the parent. An 'aqm:' message with a wrong field is answered by
 * aqm:error naming the field, and not acted on.
 */
import { useEffect, useRef } from 'react'
import type { SimSnapshot, SimStore } from '../engine/store'
import type { ShareLink } from './useShareLink'
import { emit, statement } from '../lms/xapi'
import { labEventsBetween, type LabState } from '../lms/labEvents'

export const API_VERSION = 1
const MAX_LINK = 8192

export type HostRequest =
  | { type: 'aqm:play' | 'aqm:pause' | 'aqm:reset' | 'aqm:get-metrics' | 'aqm:get-scenario' }
  | { type: 'aqm:step'; seconds: number }
  | { type: 'aqm:set-speed'; speed: number }
  | { type: 'aqm:set-param'; name: string; value: number }
  | { type: 'aqm:set-algorithm'; kind: string }
  | { type: 'aqm:load'; link: string }

export type RequestId = string | number | undefined

/** A request, an error to answer (an 'aqm:' message that is malformed), or null to ignore. */
export type Parsed = { request: HostRequest; id: RequestId } | { error: string; request: string; id: RequestId } | null

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x)
}

const NAME = /^[a-z_][a-z0-9_]{0,63}$/

export function parseHostMessage(data: unknown): Parsed {
  if (!isRecord(data) || typeof data.type !== 'string' || !data.type.startsWith('aqm:') || data.type.length > 40)
    return null
  const type = data.type
  const rawId = data.id
  const id: RequestId =
    (typeof rawId === 'string' && rawId.length <= 100) || (typeof rawId === 'number' && Number.isFinite(rawId))
      ? rawId
      : undefined
  const bad = (error: string): Parsed => ({ error, request: type, id })
  switch (type) {
    case 'aqm:play':
    case 'aqm:pause':
    case 'aqm:reset':
    case 'aqm:get-metrics':
    case 'aqm:get-scenario':
      return { request: { type }, id }
    case 'aqm:step': {
      const s = data.seconds
      if (typeof s !== 'number' || !(s > 0 && s <= 60)) return bad('seconds must be a number within (0, 60]')
      return { request: { type, seconds: s }, id }
    }
    case 'aqm:set-speed': {
      const s = data.speed === 'max' ? Infinity : data.speed
      if (typeof s !== 'number' || !(s === Infinity || (s > 0 && s <= 10_000)))
        return bad("speed must be a number within (0, 10000] or 'max'")
      return { request: { type, speed: s }, id }
    }
    case 'aqm:set-param': {
      const { name, value } = data
      if (typeof name !== 'string' || !NAME.test(name)) return bad('name must be a parameter name such as max_th')
      const v = typeof value === 'boolean' ? (value ? 1 : 0) : value
      if (typeof v !== 'number' || !Number.isFinite(v))
        return bad('value must be a finite number (or a boolean for a switch)')
      return { request: { type, name, value: v }, id }
    }
    case 'aqm:set-algorithm': {
      const kind = data.kind
      if (typeof kind !== 'string' || !NAME.test(kind)) return bad('kind must be an algorithm kind such as red')
      return { request: { type, kind }, id }
    }
    case 'aqm:load': {
      const link = data.link
      if (typeof link !== 'string' || link.length > MAX_LINK)
        return bad(`link must be a string of at most ${MAX_LINK} characters`)
      return { request: { type, link }, id }
    }
    default:
      return bad(`unknown message type ${JSON.stringify(type.slice(0, 40))}`)
  }
}

/** The query of a link given as "?v=1&..." or as a whole URL. */
export function queryOf(link: string): string {
  if (link.startsWith('?') || !link.includes('://')) return link
  try {
    return new URL(link).search
  } catch {
    return link
  }
}

const METRICS = ['q_pkts', 'q_bytes', 'avg', 'p', 'delay_ms', 'util', 'jain'] as const
const TOTALS = ['drops', 'marks'] as const

export function metricsOf(store: SimStore): Record<string, number | null> {
  const latest = store.buffer?.latest() ?? null
  const out: Record<string, number | null> = {}
  for (const m of METRICS) {
    const v = latest?.[m]
    out[m] = v !== undefined && Number.isFinite(v) ? v : null
  }
  for (const m of TOTALS) {
    const v = store.buffer?.sum(m)
    out[m] = v !== undefined && Number.isFinite(v) ? v : null
  }
  return out
}

function post(message: Record<string, unknown>, origin = '*'): void {
  if (window.parent === window) return
  try {
    window.parent.postMessage(message, origin)
  } catch {
    // The parent went away or the origin no longer matches: nothing to tell.
  }
}

const METRICS_MS = 500

/** Serves the API while the page is in a frame: requests from the parent, events to it. */
export function useHostApi(
  store: SimStore,
  snapshot: SimSnapshot,
  link: ShareLink,
  options: { resize: boolean },
): void {
  const framed = typeof window !== 'undefined' && window.parent !== window
  const latest = useRef(snapshot)
  const hostOrigin = useRef('*')
  const pendingErrors = useRef(new Map<string, RequestId>())
  useEffect(() => {
    latest.current = snapshot
  })

  useEffect(() => {
    if (!framed) return
    const onMessage = (e: MessageEvent) => {
      if (e.source !== window.parent) return
      const parsed = parseHostMessage(e.data)
      if (parsed === null) return
      const origin = e.origin && e.origin !== 'null' ? e.origin : '*'
      hostOrigin.current = origin
      if ('error' in parsed) {
        post({ type: 'aqm:error', message: parsed.error, request: parsed.request, id: parsed.id }, origin)
        return
      }
      handle(parsed.request, parsed.id, origin)
    }
    const refuse = (message: string, request: string, id: RequestId, origin: string) =>
      post({ type: 'aqm:error', message, request, id }, origin)
    const handle = (r: HostRequest, id: RequestId, origin: string) => {
      const snap = latest.current
      switch (r.type) {
        case 'aqm:play':
          return store.play()
        case 'aqm:pause':
          return store.pause()
        case 'aqm:reset':
          return store.reset()
        case 'aqm:step':
          return store.step(r.seconds)
        case 'aqm:set-speed':
          return store.setSpeed(r.speed)
        case 'aqm:set-param': {
          const info = snap.algorithms.find((a) => a.kind === snap.aqm?.kind)
          if (!info?.params.some((p) => p.name === r.name)) {
            return refuse(`${snap.aqm?.kind ?? 'the algorithm'} has no parameter ${r.name}`, r.type, id, origin)
          }
          pendingErrors.current.set(`set-param:${r.name}`, id)
          return store.setParam(r.name, r.value)
        }
        case 'aqm:set-algorithm':
          if (!snap.algorithms.some((a) => a.kind === r.kind))
            return refuse(`there is no algorithm ${r.kind}`, r.type, id, origin)
          pendingErrors.current.set('set-algorithm', id)
          return store.setAlgorithm(r.kind)
        case 'aqm:load':
          void link.openLink(queryOf(r.link), 'host').then((result) => {
            if (!result.ok) refuse(result.problems.map((p) => p.message).join(' '), r.type, id, origin)
          })
          return
        case 'aqm:get-metrics':
          return post({ type: 'aqm:metrics', simTime: store.live().simTime, metrics: metricsOf(store), id }, origin)
        case 'aqm:get-scenario':
          void import('./open').then(({ encodeLink }) => {
            const scenario = snap.running?.value ?? null
            const query = scenario !== null ? encodeLink(scenario, { speed: snap.speed }) : ''
            post({ type: 'aqm:scenario', scenario, link: query === '' ? '' : `?${query}`, id }, origin)
          })
          return
      }
    }
    window.addEventListener('message', onMessage)
    return () => window.removeEventListener('message', onMessage)
  }, [framed, store, link])

  const ready = snapshot.ready
  const kinds = snapshot.algorithms.map((a) => a.kind).join(',')
  useEffect(() => {
    if (framed && ready) post({ type: 'aqm:ready', api: API_VERSION, kinds: kinds.split(',') })
  }, [framed, ready, kinds])

  const { playing, speed, aqm } = snapshot
  const aqmJson = JSON.stringify(aqm)
  useEffect(() => {
    if (!framed || !ready) return
    post(
      {
        type: 'aqm:state',
        playing,
        simTime: store.live().simTime,
        speed: speed === Infinity ? 'max' : speed,
        aqm: JSON.parse(aqmJson),
      },
      hostOrigin.current,
    )
  }, [framed, ready, playing, speed, aqmJson, store])

  // Learning events (web/lms/xapi.ts): play, an algorithm switch, a parameter change, whoever asked for them. Read
  // at each state message (each brings a new aqm object), where epoch, playing and aqm belong together (a frame of
  // a new simulation moves the epoch ahead of its state message).
  const before = useRef<LabState>({ aqm: null, playing: false, epoch: -1 })
  const stateAqm = snapshot.aqm
  useEffect(() => {
    if (!framed || !ready) return
    const snap = latest.current
    const was = before.current
    before.current = { aqm: stateAqm, playing: snap.playing, epoch: snap.epoch }
    const changes = labEventsBetween(was, before.current)
    if (changes.length === 0) return
    const scenario = snap.running?.value ?? null
    const speed = snap.speed
    void import('./open').then(({ encodeLink }) => {
      const link = scenario === null ? window.location.search : `?${encodeLink(scenario, { speed })}`
      const preset = new URLSearchParams(window.location.search).get('preset')
      for (const c of changes) emit(statement(c.verb, preset === null ? { lab: true } : { preset }, link, c.result))
    })
  }, [framed, ready, stateAqm])

  useEffect(() => {
    if (!framed || !playing) return
    const timer = window.setInterval(() => {
      post({ type: 'aqm:metrics', simTime: store.live().simTime, metrics: metricsOf(store) }, hostOrigin.current)
    }, METRICS_MS)
    return () => window.clearInterval(timer)
  }, [framed, playing, store])

  // An engine refusal of a host's request goes back to the host.
  const errors = snapshot.errors
  useEffect(() => {
    if (!framed) return
    for (const [key, id] of pendingErrors.current) {
      const e = errors[key]
      if (e === undefined) continue
      pendingErrors.current.delete(key)
      post({ type: 'aqm:error', message: e.message, request: key, id }, hostOrigin.current)
    }
  }, [framed, errors])

  useResizeMessages(options.resize)
}

/**
 * Tells the host page the content's height (`aqm:resize`) whenever it changes, so the frame can fit it: the
 * single lab, the compare view and a lesson, when framed (`embed=1`).
 */
export function useResizeMessages(on: boolean): void {
  const framed = typeof window !== 'undefined' && window.parent !== window
  useEffect(() => {
    if (!framed || !on || typeof ResizeObserver === 'undefined') return
    let last = -1
    const observer = new ResizeObserver(() => {
      const height = Math.ceil(document.documentElement.scrollHeight)
      if (height === last) return
      last = height
      post({ type: 'aqm:resize', height })
    })
    // The body is as tall as the frame (global.css): the views inside #root are what grow past it.
    const root = document.getElementById('root')
    const watch = () => {
      observer.disconnect()
      observer.observe(document.body)
      for (const child of root?.children ?? []) observer.observe(child)
    }
    watch()
    const children = new MutationObserver(watch)
    if (root !== null) children.observe(root, { childList: true })
    return () => {
      children.disconnect()
      observer.disconnect()
    }
  }, [framed, on])
}
