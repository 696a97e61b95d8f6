// Each flow's throughput over the last second of the time window as a share of the link (canvas
// bars), against the fair share 1/N of the active flows. Hover a bar to highlight that flow in the
// congestion-window chart too.
import { meanCapacity } from './capacityMarks'
import { useMemo, useRef, type PointerEvent } from 'react'
import { useFrameState } from './frameState'
import { useTranslation } from 'react-i18next'
import * as d3 from 'd3'
import type { SimStore } from '../engine/store'
import { Axis } from './Axis'
import { prepareCanvas } from './canvas'
import { ChartShell, LegendItem } from './ChartShell'
import { flowColumns, windowShares, type WindowShares } from './fairness'
import { colourIndex, variantsOf, type ColourBy, type FlowInfo } from './flows'
import { formatValue, percent } from './format'
import { DATA_CHART, useFrame } from './frameLoop'
import { visibleRows } from './liveData'
import { queueDomainMax, stickyMax } from './scales'
import { usePlotBox, useUpScale, YLabel } from './TimeChart'
import { chartColours, themeRevision } from './theme'
import type { TimeViewStore } from './timeWindow'

/** Seconds of throughput averaged into each bar. */
export const BAR_WINDOW_S = 1

interface ThroughputBarsProps {
  store: SimStore
  view: TimeViewStore
  flows: readonly FlowInfo[]
  linkMbps: number | null
  colourBy: ColourBy
  highlight: number | null
  onHighlight(flow: number | null): void
}

export function ThroughputBars({
  store,
  view,
  flows,
  linkMbps,
  colourBy,
  highlight,
  onHighlight,
}: ThroughputBarsProps) {
  const { t } = useTranslation('charts')
  const [bodyRef, box] = usePlotBox({ width: 300, height: 200 })
  const [yMax, setYMax] = useFrameState(0.5)
  const [readout, setReadout] = useFrameState('')
  const canvasRef = useRef<HTMLCanvasElement>(null)
  const lastKey = useRef('')
  const shares = useRef<WindowShares | undefined>(undefined)
  const n = flows.length
  const variants = useMemo(() => variantsOf(flows), [flows])
  const y = useUpScale(yMax, box)
  const x = useMemo(
    () =>
      d3
        .scaleLinear()
        .domain([0.5, Math.max(1, n) + 0.5])
        .range([0, box.innerW]),
    [n, box.innerW],
  )

  useFrame(
    () => {
      const key = `${store.live().version}|${view.revision}|${box.width}x${box.height}|${themeRevision()}|${yMax}|${colourBy}|${highlight}|${n}`
      if (key === lastKey.current || !canvasRef.current) return
      lastKey.current = key
      const ctx = prepareCanvas(canvasRef.current, box.width, box.height)
      const vis = visibleRows(store.buffer, view.get())
      if (!ctx || !vis || vis.rows.length === 0) return
      // The last second before the window's right edge, or before the newest sample while the run has
      // not reached that edge yet (a 20 s window 4 s into a run).
      // Read from the live ring whenever it still holds that second ("All" on a long run would otherwise
      // give the decimated history, which may hold no row in it).
      const end = Math.min(vis.t1, vis.latest)
      const rows = store.buffer?.rowsFrom(end - BAR_WINDOW_S) ?? vis.rows
      const to = Math.min(rows.length, rows.firstAtOrAfter(end + 1e-9))
      const from = rows.firstAtOrAfter(end - BAR_WINDOW_S + 1e-9)
      const s = (shares.current = windowShares(rows, from, to, flowColumns(rows), shares.current))
      const total = s.means.reduce((a, b) => a + b, 0)
      // A time-varying link: shares of the capacity in force over the bar window (capacityMarks.ts).
      const inForce = meanCapacity(rows, from, to) ?? linkMbps
      const capacity = inForce !== null && inForce > 0 ? inForce : Math.max(total, 1e-9)
      const colours = chartColours()
      const w = Math.max(1, box.innerW / Math.max(1, n))
      const gap = w > 6 ? Math.min(4, w * 0.2) : 0
      let max = 0
      for (let i = 0; i < s.means.length; i++) {
        const share = s.means[i] / capacity
        max = Math.max(max, share)
        const top = box.margin.top + y(Math.min(share, yMax))
        ctx.globalAlpha = highlight === null || highlight === i ? 1 : 0.3
        ctx.fillStyle = colours.series[colourIndex(i, colourBy, flows, variants) % colours.series.length]
        ctx.fillRect(box.margin.left + i * w + gap / 2, top, Math.max(0.5, w - gap), box.margin.top + box.innerH - top)
      }
      ctx.globalAlpha = 1
      const active = s.active.reduce((a, b) => a + b, 0)
      if (active > 0) {
        const fy = box.margin.top + y(Math.min(yMax, 1 / active))
        ctx.setLineDash([6, 4])
        ctx.strokeStyle = colours.ink
        ctx.lineWidth = 1.5
        ctx.beginPath()
        ctx.moveTo(box.margin.left, fy)
        ctx.lineTo(box.margin.left + box.innerW, fy)
        ctx.stroke()
        ctx.setLineDash([])
      }
      const h = highlight !== null && highlight < s.means.length ? highlight : null
      const text =
        h === null
          ? ''
          : t('bars.readout', {
              flow: t('flow.name', { n: h + 1 }),
              thr: formatValue(s.means[h]),
              share: percent(s.means[h] / capacity),
            })
      if (text !== readout) setReadout(text)
      const next = stickyMax(yMax, Math.min(1, queueDomainMax(Math.max(max, active > 0 ? 1 / active : 0), [], 0.05)))
      if (next !== yMax) setYMax(next)
    },
    'bars',
    DATA_CHART,
  )

  const onPointerMove = (e: PointerEvent<SVGRectElement>) => {
    const r = e.currentTarget.getBoundingClientRect()
    const i = Math.floor(((e.clientX - r.left) / Math.max(1, r.width)) * n)
    onHighlight(i >= 0 && i < n ? i : null)
  }
  const flowTicks = useMemo(
    () => d3.ticks(1, Math.max(1, n), Math.min(n, Math.max(2, Math.floor(box.innerW / 40)))).filter(Number.isInteger),
    [n, box.innerW],
  )

  return (
    <ChartShell
      testId="throughput-bars"
      className="chart-bars"
      title={t('bars.title', { s: BAR_WINDOW_S })}
      bodyRef={bodyRef}
      legend={<LegendItem colour="var(--c-ink)" dashed label={t('bars.fair')} />}
    >
      <canvas ref={canvasRef} style={{ width: box.width, height: box.height }} aria-hidden="true" />
      <svg width={box.width} height={box.height} role="img" aria-label={t('bars.aria', { count: n })}>
        <g transform={`translate(${box.margin.left},${box.margin.top})`}>
          <Axis
            scale={y}
            orient="left"
            ticks={Math.max(2, Math.floor(box.innerH / 40))}
            gridLength={box.innerW}
            format={percent}
          />
          <g transform={`translate(0,${box.innerH})`}>
            <Axis scale={x} orient="bottom" tickValues={flowTicks} format={(v) => String(v)} />
          </g>
          <text className="axis-label" x={box.innerW / 2} y={box.innerH + box.margin.bottom - 4} textAnchor="middle">
            {t('bars.axis_x')}
          </text>
          <YLabel x={-box.margin.left + 2} y={-box.margin.top * 0.35} anchor="start" text={t('bars.axis_y')} />
          <text className="chart-readout" x={box.innerW} y={-box.margin.top * 0.35} textAnchor="end">
            {readout}
          </text>
          <rect
            className="plot-hit"
            width={box.innerW}
            height={box.innerH}
            onPointerMove={onPointerMove}
            onPointerLeave={() => onHighlight(null)}
          />
        </g>
      </svg>
    </ChartShell>
  )
}
