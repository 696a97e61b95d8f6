// Congestion windows: one trace per flow on canvas (traces of one colour go in one path, so hundreds
// of flows stay smooth), coloured by flow or by TCP variant. Hovering picks the nearest trace,
// highlights that flow here and in the throughput bars, and shows its values. Optionally the sum of
// all windows on a right-hand axis (seed 001, Fig. 15).
import { useMemo, useRef, useState, type PointerEvent, type ReactNode } from 'react'
import { useFrameState } from './frameState'
import { useTranslation } from 'react-i18next'
import type { SimStore } from '../engine/store'
import { strokeColumn, traceColumn } from './canvas'
import { LegendItem } from './ChartShell'
import { flowColumns } from './fairness'
import { colourIndex, cwndBuckets, nearestTrace, variantsOf, type ColourBy, type FlowInfo } from './flows'
import { formatValue } from './format'
import type { Visible } from './liveData'
import { seriesVars } from './palette'
import { cwndDomainMax, pixelMap, queueDomainMax, stickyMax } from './scales'
import { usePlotBox, useTimeChart, useUpScale } from './TimeChart'
import { TimeChartFrame } from './TimeChartFrame'
import type { TimeViewStore } from './timeWindow'
import { catalog } from '../contract/engine'

const TABLE_FLOWS = 20
interface CwndChartProps {
  store: SimStore
  view: TimeViewStore
  flows: readonly FlowInfo[]
  colourBy: ColourBy
  showSum: boolean
  highlight: number | null
  onHighlight(flow: number | null): void
  tools: ReactNode
}

interface Tip {
  flow: number
  t: number
  cwnd: number
  thr: number
  left: number
  top: number
  /** The flow's path model when it has one (BBR), as of the latest frame. */
  model?: Record<string, number>
}

export function CwndChart({ store, view, flows, colourBy, showSum, highlight, onHighlight, tools }: CwndChartProps) {
  const { t } = useTranslation('charts')
  const [bodyRef, box] = usePlotBox({ width: 600, height: 200 }, showSum ? 2.6 : 0.75)
  const [yMax, setYMax] = useFrameState(20)
  const [sumMax, setSumMax] = useFrameState(50)
  const [traces, setTraces] = useFrameState(0)
  const [tip, setTip] = useState<Tip | null>(null)
  const last = useRef<{ vis: Visible; x: (t: number) => number } | null>(null)
  const variants = useMemo(() => variantsOf(flows), [flows])
  const y = useUpScale(yMax, box)
  const ySum = useUpScale(sumMax, box)

  const chart = useTimeChart({
    label: 'cwnd',
    store,
    view,
    box,
    extraKey: `${yMax}|${sumMax}|${colourBy}|${showSum}|${highlight}|${flows.length}`,
    draw: ({ ctx, vis, x, colours }) => {
      last.current = { vis, x }
      const { rows, tCol, from, to } = vis
      const cols = flowColumns(rows).cwnd
      const yPx = pixelMap(y, box.margin.top)
      // One path per colour: a stroke call per trace would cost more than the segments themselves.
      // Many flows overlap anyway, so they get a bucket per 3 pixels instead of per pixel, and wider
      // ones once the traces together would pass CWND_POINTS (each bucket still keeps its lowest and
      // highest window, so no peak or cut is lost).
      const buckets = cwndBuckets(box.innerW, cols.length)
      const groups = new Map<number, number[]>()
      cols.forEach((col, i) => {
        if (col < 0) return
        const c = colourIndex(i, colourBy, flows, variants) % colours.series.length
        const group = groups.get(c)
        if (group) group.push(col)
        else groups.set(c, [col])
      })
      let drawn = 0
      let max = 0
      ctx.lineWidth = cols.length > 30 ? 1 : 1.5
      ctx.globalAlpha = highlight === null ? (cols.length > 30 ? 0.6 : 0.9) : 0.18
      for (const [c, group] of groups) {
        ctx.beginPath()
        for (const col of group) {
          const m = traceColumn(ctx, rows, from, to, tCol, col, x, yPx, buckets, cols.length > 20)
          if (m > -Infinity) drawn++
          max = Math.max(max, m)
        }
        ctx.strokeStyle = colours.series[c]
        ctx.stroke()
      }
      ctx.globalAlpha = 1
      if (highlight !== null && cols[highlight] >= 0) {
        const colour = colours.series[colourIndex(highlight, colourBy, flows, variants) % colours.series.length]
        strokeColumn(ctx, vis, cols[highlight], x, yPx, box.innerW, colour, 3)
      }
      if (showSum) drawSum(ctx, vis, cols, x, (v) => box.margin.top + ySum(v), colours.ink, setSumMax, sumMax)
      if (drawn !== traces) setTraces(drawn)
      const next = cwndDomainMax(yMax, max)
      if (next !== yMax) setYMax(next)
    },
  })

  // The first flows only: a table of 10,000 rows is no help to anyone listening to it.
  const tableSeries = useMemo(
    () =>
      flows.slice(0, TABLE_FLOWS).map((f, i) => ({
        label: `${t('flow.name', { n: i + 1 })} · ${t(`variants.${f.variant}`, { defaultValue: f.variant })}`,
        column: `cwnd_${i}`,
      })),
    [flows, t],
  )

  const onPointerMove = (e: PointerEvent<SVGRectElement>) => {
    const l = last.current
    if (!l || e.buttons !== 0) return
    const box2 = e.currentTarget.getBoundingClientRect()
    const px = e.clientX - box2.left
    const py = e.clientY - box2.top
    const { rows, tCol, t0, t1 } = l.vis
    const time = t0 + (px / box.innerW) * (t1 - t0)
    const r = Math.min(rows.length - 1, rows.firstAtOrAfter(time))
    if (r < 0) return
    const cols = flowColumns(rows)
    const ys = cols.cwnd.map((c) => (c < 0 ? NaN : y(rows.at(r, c))))
    const flow = nearestTrace(ys, py, 12)
    onHighlight(flow)
    const model = flow === null ? undefined : store.live().flowStates[String(flow)]
    setTip(
      flow === null
        ? null
        : {
            flow,
            t: rows.at(r, tCol),
            cwnd: rows.at(r, cols.cwnd[flow]),
            thr: rows.at(r, cols.thr[flow]),
            left: px,
            top: py,
            model,
          },
    )
  }

  return (
    <TimeChartFrame
      chart={chart}
      bodyRef={bodyRef}
      testId="cwnd-chart"
      className="chart-cwnd"
      title={t('cwnd.title')}
      tools={tools}
      series={tableSeries}
      data={{ 'data-traces': traces, 'data-highlight': highlight ?? '' }}
      legend={
        <>
          {colourBy === 'variant' ? (
            variants.map((v, i) => (
              <LegendItem
                key={v}
                colour={seriesVars[i % seriesVars.length]}
                label={t(`variants.${v}`, { defaultValue: v })}
              />
            ))
          ) : (
            <li className="muted">{t('cwnd.by_flow_legend', { count: flows.length })}</li>
          )}
          {showSum && <LegendItem colour="var(--c-ink)" label={t('cwnd.sum')} />}
        </>
      }
      plot={{
        y,
        yLabel: t('cwnd.axis'),
        right: showSum ? { scale: ySum, label: t('cwnd.axis_sum') } : undefined,
        ariaLabel: t('cwnd.aria', { count: traces }),
        onPointerMove,
        onPointerLeave: () => {
          setTip(null)
          onHighlight(null)
        },
      }}
      overlay={
        tip && (
          <div
            className="chart-tip"
            role="status"
            style={tipPlace(tip, box.margin.left, box.margin.top, box.width, box.innerW)}
          >
            <strong>{t('flow.name', { n: tip.flow + 1 })}</strong> ·{' '}
            {t(`variants.${flows[tip.flow]?.variant ?? 'reno'}`, { defaultValue: flows[tip.flow]?.variant })}
            <br />
            {t('flow.values', { cwnd: formatValue(tip.cwnd), thr: formatValue(tip.thr), t: formatValue(tip.t) })}
            {tip.model && tip.model.mode !== undefined && (
              <>
                <br />
                <span data-testid="cwnd-tip-model">
                  {t('flow.bbr', {
                    mode: t(`bbr_modes.${tip.model.mode}`, { defaultValue: String(tip.model.mode) }),
                    bw: formatValue(tip.model.btl_bw_mbps),
                    rtt: formatValue(tip.model.min_rtt_ms),
                    gain: formatValue(tip.model.pacing_gain),
                  })}
                </span>
              </>
            )}
            {tip.model &&
              ccStateOf(flows[tip.flow]?.variant).map((e) =>
                tip.model?.[e.name] !== undefined && Number.isFinite(tip.model[e.name]) ? (
                  <span key={e.name} data-testid={`cwnd-tip-${e.meaning}`}>
                    <br />
                    {t(`flow.cc_state.${e.meaning}`, { value: formatValue(tip.model[e.name]), unit: e.unit })}
                  </span>
                ) : null,
              )}
            {tip.model && tip.model.pipe_pkts !== undefined && (
              <>
                <br />
                <span data-testid="cwnd-tip-scoreboard">
                  {t('flow.scoreboard', {
                    pipe: formatValue(tip.model.pipe_pkts),
                    sacked: formatValue(tip.model.sacked_pkts),
                    lost: formatValue(tip.model.lost_pkts),
                    state: t(`recovery_kinds.${tip.model.recovery_kind}`, {
                      defaultValue: String(tip.model.recovery_kind),
                    }),
                  })}
                </span>
              </>
            )}
          </div>
        )
      }
    />
  )
}

/** The state entries a variant declares for the hover (DCTCP's and Prague's α, Prague's pacing rate). */
function ccStateOf(variant: string | undefined): ReadonlyArray<{ name: string; unit: string; meaning: string }> {
  return catalog.congestion_controls.find((c) => c.name === variant)?.state ?? []
}

/** The sum of all windows per row, on the right-hand axis; grows that axis when needed. */
function drawSum(
  ctx: CanvasRenderingContext2D,
  vis: Visible,
  cols: readonly number[],
  x: (t: number) => number,
  yPx: (v: number) => number,
  colour: string,
  setMax: (v: number) => void,
  current: number,
) {
  const { rows, tCol, from, to } = vis
  let max = 0
  ctx.beginPath()
  for (let r = from; r < to; r++) {
    let s = 0
    for (const c of cols) {
      const v = c < 0 ? NaN : rows.at(r, c)
      if (Number.isFinite(v)) s += v
    }
    max = Math.max(max, s)
    if (r === from) ctx.moveTo(x(rows.at(r, tCol)), yPx(s))
    else ctx.lineTo(x(rows.at(r, tCol)), yPx(s))
  }
  ctx.strokeStyle = colour
  ctx.lineWidth = 2
  ctx.stroke()
  const next = stickyMax(current, queueDomainMax(max, [], 10))
  if (next !== current) setMax(next)
}

/** Beside the pointer, on the side with more room. */
function tipPlace(tip: Tip, left: number, top: number, width: number, innerW: number) {
  const y = top + tip.top + 12
  return tip.left > innerW * 0.6
    ? { right: width - left - tip.left + 12, top: y }
    : { left: left + tip.left + 12, top: y }
}
