// The system view (issue 17): the dumbbell the scenario describes — senders with their TCP and RTTs, the
// bottleneck with its rate, delay and buffer, the receivers — and the buffer itself as a row of packet
// slots filling and draining live, coloured by flow like the charts, with drops and marks as they happen
// and the AQM's current decision beside it. The worker sends the queue with every frame while this is
// mounted (store.setView); the row redraws from the frame loop, the words four times a second.
import { useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import * as d3 from 'd3'
import type { AqmConfig } from '../engine/protocol'
import type { SimStore } from '../engine/store'
import type { RunningScenario } from '../scenario/running'
import { prepareCanvas } from '../charts/canvas'
import { useFrame } from '../charts/frameLoop'
import { seriesVars } from '../charts/palette'
import { chartColours, themeRevision } from '../charts/theme'
import { useSize } from '../charts/useSize'
import { drawRow, MIN_SLOT_PX, spawnMarks, type Mark } from './bufferRow'
import { bufferOf, decisionOf } from './decision'
import { subQueuesNow, subQueuesOf, type SubQueueNow } from '../engine/subQueues'
import { classColours } from '../charts/palette'
import { installSystemTestApi, recordDraw } from './testApi'
import { dumbbellOf } from './topology'
import { readViewFrame, type ViewFrame } from './viewFrame'
import { lastSimSecond, type SimSpan } from './lastSecond'
import './system.css'

const ROW_H_PX = 30
const REFRESH_MS = 250
/** Groups listed by name; the rest are summed up in one line. */
const GROUPS_SHOWN = 3
/** Slots the engine is asked for at most, whatever the width. */
const MAX_SLOTS = 400

function useReducedMotion(): boolean {
  const query = typeof window !== 'undefined' ? window.matchMedia?.('(prefers-reduced-motion: reduce)') : undefined
  const [reduced, setReduced] = useState(() => query?.matches ?? false)
  useEffect(() => {
    if (!query) return
    const on = () => setReduced(query.matches)
    query.addEventListener('change', on)
    return () => query.removeEventListener('change', on)
  }, [query])
  return reduced
}

interface SystemViewProps {
  store: SimStore
  running: RunningScenario | null
  aqm: AqmConfig | null
}

interface Live {
  queued: number
  perSlot: number
  drops: number
  marks: number
  /** The bottleneck's capacity now (Mbit/s), for a link whose rate changes; NaN for a fixed rate. */
  rate: number
}

/** The latest `capacity_mbps` of the trace (a time-varying link's rate in force); NaN without that column. */
function capacityNow(store: SimStore): number {
  const rows = store.buffer
  const col = rows?.columnIndex('capacity_mbps') ?? -1
  return rows && col >= 0 && rows.length > 0 ? rows.at(rows.length - 1, col) : Number.NaN
}

export function SystemView({ store, running, aqm }: SystemViewProps) {
  const { t } = useTranslation('charts')
  const dumbbell = useMemo(() => dumbbellOf(running), [running])
  const [bodyRef, size] = useSize<HTMLDivElement>({ width: 400, height: ROW_H_PX })
  const canvasRef = useRef<HTMLCanvasElement | null>(null)
  const reducedMotion = useReducedMotion()
  const reducedRef = useRef(reducedMotion)
  useEffect(() => {
    reducedRef.current = reducedMotion
  }, [reducedMotion])
  const slots = Math.max(16, Math.min(MAX_SLOTS, Math.floor(size.width / MIN_SLOT_PX)))

  useEffect(() => installSystemTestApi(() => reducedRef.current), [])
  useEffect(() => {
    store.setView(slots)
  }, [store, slots])
  useEffect(() => () => store.setView(0), [store])

  const draw = useRef({
    frame: null as ViewFrame | null,
    marks: [] as Mark[],
    key: '',
    prevRafAt: -Infinity,
    epoch: -1,
  })
  const [live, setLive] = useState<Live>({ queued: 0, perSlot: 1, drops: 0, marks: 0, rate: Number.NaN })
  const [decision, setDecision] = useState(() => decisionOf(aqm, store.live().aqmState))
  // A discipline with several queues (DualPI2): each one's backlog, delay, probability and signals by cause.
  const subQueues = useMemo(() => subQueuesOf(aqm?.kind), [aqm?.kind])
  const [queues, setQueues] = useState<SubQueueNow[]>(() => subQueuesNow(subQueues, store.live().aqmState))
  // Each frame's drops and marks with the simulated span they happened in (since the previous frame).
  const acc = useRef({ at: 0, lastSim: 0, window: [] as SimSpan[] })

  useFrame((now) => {
    const d = draw.current
    const canvas = canvasRef.current
    if (!canvas) return
    const g = { width: size.width, height: ROW_H_PX, rowTop: 2, rowH: 14 }
    const pending = store.viewFrames.splice(0)
    const rafAt = performance.now()
    const prevRafAt = d.prevRafAt
    d.prevRafAt = rafAt
    const snap = store.live()
    if (snap.epoch !== d.epoch) {
      d.epoch = snap.epoch
      d.marks.length = 0
      d.frame = null
      acc.current.window = []
      acc.current.lastSim = 0
    }
    for (const m of pending) {
      const f = readViewFrame(m.view)
      if (f === null || m.epoch !== snap.epoch) continue
      const started = spawnMarks(d.marks, f, g, now)
      d.frame = f
      recordDraw({
        seq: m.seq,
        simTime: m.simTime,
        qPkts: m.qPkts,
        perSlot: f.perSlot,
        slots: Math.min(f.slots.length, Math.max(f.capacitySlots, f.slots.length)),
        eventsTotal: f.eventsTotal,
        dropMarks: started.drops,
        ceMarks: started.marks,
        // 1 when an earlier animation frame ran after it arrived and did not draw it.
        rafsAfterArrival: m.arrivedAt < prevRafAt ? 1 : 0,
      })
      let drops = 0
      for (const w of f.events) if (((w >>> 24) & 1) === 0) drops++
      // Totals per frame: the kept events are a sample, so scale the drop share to the total.
      const shareDrops = f.events.length === 0 ? 0 : Math.round((drops / f.events.length) * f.eventsTotal)
      const a = acc.current
      a.window.push({
        from: Math.min(a.lastSim, m.simTime),
        to: m.simTime,
        drops: shareDrops,
        marks: f.eventsTotal - shareDrops,
      })
      a.lastSim = m.simTime
    }
    const key = `${size.width}|${themeRevision()}|${reducedMotion}`
    if (pending.length === 0 && d.marks.length === 0 && key === d.key) return
    d.key = key
    const ctx = prepareCanvas(canvas, size.width, ROW_H_PX)
    if (!ctx) return
    drawRow(ctx, g, d.frame, d.marks, now, chartColours(), reducedMotion)

    const a = acc.current
    if (now - a.at >= REFRESH_MS) {
      a.at = now
      // Drops and marks over the last simulated second (not the wall's: the count must not grow with the speed).
      a.window = a.window.filter((w) => w.to > a.lastSim - 1)
      const f = d.frame
      const last = lastSimSecond(a.window, a.lastSim)
      const next: Live = {
        queued: Number.isFinite(snap.aqmState.q_pkts) ? snap.aqmState.q_pkts : 0,
        perSlot: f?.perSlot ?? 1,
        drops: last.drops,
        marks: last.marks,
        rate: capacityNow(store),
      }
      setLive((l) =>
        l.queued === next.queued &&
        l.perSlot === next.perSlot &&
        l.drops === next.drops &&
        l.marks === next.marks &&
        Object.is(l.rate, next.rate)
          ? l
          : next,
      )
      setDecision(decisionOf(store.getSnapshot().aqm ?? aqm, snap.aqmState))
      const nextQueues = subQueuesNow(subQueues, snap.aqmState)
      setQueues((q) => (JSON.stringify(q) === JSON.stringify(nextQueues) ? q : nextQueues))
    }
  }, 'system')

  const fmt = d3.format(',')
  const fmtRate = d3.format(',.3~f')
  const groups = dumbbell?.groups ?? []
  const shown = groups.slice(0, GROUPS_SHOWN)
  const rest = groups.slice(GROUPS_SHOWN).reduce((n, g) => n + g.count, 0)
  const rtt = (r: [number, number]) => (r[0] === r[1] ? fmt(r[0]) : `${fmt(r[0])}–${fmt(r[1])}`)
  const held = bufferOf(aqm, store.live().aqmState, {
    buffer: dumbbell?.buffer ?? 0,
    unit: dumbbell?.bufferUnit === 'bytes' ? 'bytes' : 'packets',
  })

  return (
    <figure className="system-view" data-testid="system-view" aria-label={t('system.title')}>
      <div className="sv-diagram">
        <div className="sv-end sv-senders">
          <span className="sv-end-title">{t('system.senders', { count: dumbbell?.flows ?? 0 })}</span>
          <ul>
            {shown.map((g) => (
              <li key={g.firstFlow}>
                <span className="sv-swatches" aria-hidden="true">
                  {Array.from({ length: Math.min(g.count, 6) }, (_, k) => (
                    <span key={k} style={{ background: seriesVars[(g.firstFlow + k) % seriesVars.length] }} />
                  ))}
                </span>
                {t('system.group', {
                  count: g.count,
                  tcp: t(`variants.${g.variant}`, { defaultValue: g.variant }),
                  rtt: rtt(g.rttMs),
                })}
              </li>
            ))}
            {rest > 0 && <li>{t('system.more', { count: rest })}</li>}
          </ul>
        </div>
        <span className="sv-arrow" aria-hidden="true" />
        <div className="sv-bottleneck">
          <div className="sv-line">
            <span>
              <strong>{t('system.bottleneck')}</strong>{' '}
              {dumbbell &&
                t(Number.isFinite(live.rate) ? 'system.link_now' : 'system.link', {
                  rate: fmtRate(Number.isFinite(live.rate) ? live.rate : dumbbell.rateMbps),
                  delay: fmt(dumbbell.delayMs),
                  buffer: fmt(held.buffer),
                  unit: t(`units.${held.unit}`),
                })}
            </span>
          </div>
          <div className="sv-buffer" ref={bodyRef}>
            <canvas
              ref={canvasRef}
              role="img"
              aria-label={`${t('system.buffer_aria', { queued: fmt(live.queued), drops: fmt(live.drops), marks: fmt(live.marks) })} (${t('system.direction')})`}
              title={t('system.direction')}
              data-testid="system-buffer"
            />
          </div>
          <div className="sv-line sv-live" data-testid="system-live">
            <span>{t('system.queued', { count: live.queued, per: live.perSlot })}</span>
            <span className="sv-drop">{t('system.drops_per_s', { count: live.drops })}</span>
            <span className="sv-mark">{t('system.marks_per_s', { count: live.marks })}</span>
            <span className="sv-decision" data-testid="system-decision">
              <span className="sv-aqm">{t('system.decision.label')}</span>
              {decision.map((item) => (
                <span key={item.key}>{t(`system.decision.${item.key}`, item.values)}</span>
              ))}
            </span>
          </div>
          {queues.length > 0 && (
            <ul className="sv-subqueues" data-testid="system-subqueues" aria-label={t('subqueue.title')}>
              {queues.map((q) => (
                <li key={q.cls} data-class={q.cls}>
                  <span className="sv-subqueue-name">
                    <span className="sv-swatch" aria-hidden="true" style={{ background: classColours[q.cls].css }} />
                    <strong>{t(`subqueue.${q.cls}`)}</strong>
                  </span>
                  <meter
                    min={0}
                    max={Math.max(1, held.buffer)}
                    value={backlog(q, held.unit)}
                    aria-label={t('subqueue.meter', { queue: t(`subqueue.${q.cls}`) })}
                  />
                  <span>
                    {t('subqueue.now', {
                      packets: Number.isFinite(q.packets) ? fmt(q.packets) : '–',
                      ms: Number.isFinite(q.sojournMs) ? q.sojournMs.toFixed(2) : '–',
                      p: Number.isFinite(q.probability) ? q.probability.toFixed(4) : '–',
                    })}
                  </span>
                  <span className="sv-subqueue-counts">
                    {t('subqueue.since0')}{' '}
                    {q.counts
                      .map(
                        (c) =>
                          `${t(`subqueue.counts.${c.name}`, { defaultValue: c.name })} ${Number.isFinite(c.value) ? fmt(c.value) : '–'}`,
                      )
                      .join(' · ')}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </div>
        <span className="sv-arrow" aria-hidden="true" />
        <div className="sv-end sv-receivers">
          <span className="sv-end-title">{t('system.receivers', { count: dumbbell?.flows ?? 0 })}</span>
        </div>
      </div>
    </figure>
  )
}

/** A sub-queue's backlog in the buffer's unit (0 when the engine reported none). */
function backlog(q: SubQueueNow, unit: string): number {
  const v = unit === 'bytes' ? q.bytes : q.packets
  return Number.isFinite(v) ? v : 0
}
