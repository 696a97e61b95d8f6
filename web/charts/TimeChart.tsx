// What every time-series chart shares: a canvas redrawn from the frame loop when its data, the time
// window, its size, the theme or `extraKey` changed; a time axis that slides with the window; and an
// SVG plot (axes, labels, pan/zoom gestures) on top for the chart's handles and overlays.
import { useMemo, useRef, type PointerEvent, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Axis, LiveAxis, type AxisScale, type LiveAxisHandle } from './Axis'
import { prepareCanvas, type ToPx } from './canvas'
import { capacityChanges, drawCapacityMarks } from './capacityMarks'
import { tickFormat, timeTickCount, timeTickFormat } from './format'
import { DATA_CHART, useFrame } from './frameLoop'
import { visibleRows, type Visible } from './liveData'
import { linearScale, pixelMap, type Margin } from './scales'
import { chartColours, remPx, themeRevision, type ChartColours } from './theme'
import type { TimeViewStore } from './timeWindow'
import { useTimeGestures, type TimeDomain } from './useTimeGestures'
import { useSize, type Size } from './useSize'
import type { SimStore } from '../engine/store'

export interface PlotBox extends Size {
  margin: Margin
  innerW: number
  innerH: number
}

/**
 * The usual margins, in rem: the y axis' label sits horizontally above the axis (a rotated one
 * would not fit a short chart), the x axis' ticks and label below; `right` makes room for a
 * right-hand axis.
 */
export function chartMargin(rem: number, right = 0.75): Margin {
  return { top: 1.35 * rem, right: right * rem, bottom: 2.3 * rem, left: 2.9 * rem }
}

export function plotBox(size: Size, margin: Margin): PlotBox {
  const innerW = Math.max(10, size.width - margin.left - margin.right)
  const innerH = Math.max(10, size.height - margin.top - margin.bottom)
  return { ...size, margin, innerW, innerH }
}

/**
 * A chart body's ref and its plot box: the body's size (`fallback` until it is measured) less the usual
 * margins, `right` rem on the right.
 */
export function usePlotBox(fallback: Size, right?: number): [(el: HTMLDivElement | null) => void, PlotBox] {
  const [bodyRef, size] = useSize<HTMLDivElement>(fallback)
  return [bodyRef, plotBox(size, chartMargin(remPx(), right))]
}

/** A value axis from 0 at the plot's bottom to `max` at its top. */
export function useUpScale(max: number, box: PlotBox) {
  return useMemo(() => linearScale([0, max], [box.innerH, 0]), [max, box.innerH])
}

export interface Drawing {
  ctx: CanvasRenderingContext2D
  vis: Visible
  /** Time → canvas x; values → canvas y go through `box.margin.top + scale(v)`. */
  x: ToPx
  colours: ChartColours
}

interface TimeChartOptions {
  /** Names the chart in the frame statistics. */
  label: string
  store: SimStore
  view: TimeViewStore
  box: PlotBox
  /** Anything else the drawing depends on (y domain, highlighted flow, toggles). */
  extraKey: string
  draw(d: Drawing): void
}

export function useTimeChart({ label, store, view, box, extraKey, draw }: TimeChartOptions) {
  const canvasRef = useRef<HTMLCanvasElement>(null)
  const svgRef = useRef<SVGSVGElement>(null)
  const xAxisRef = useRef<LiveAxisHandle>(null)
  const domainRef = useRef<TimeDomain>({ t0: 0, t1: 1, latest: 0, left: box.margin.left, width: box.innerW })
  const drawn = useRef<{ key: string; t0: number; t1: number; latest: number } | null>(null)
  const gestures = useTimeGestures(svgRef, view, domainRef)

  useFrame(
    () => {
      if (!canvasRef.current) return
      const vis = visibleRows(store.buffer, view.get())
      const key = `${store.getSnapshot().epoch}|${vis?.rows === store.buffer}|${box.width}x${box.height}|${themeRevision()}|${extraKey}`
      // Redraw when the window or the newest sample moved by half a pixel since the last drawing, not
      // on every frame's data: zoomed out over a long run, new samples move nothing for several frames.
      const prev = drawn.current
      const halfPx = prev ? (prev.t1 - prev.t0) / box.innerW / 2 : 0
      const moved = (a: number, b: number) => Math.abs(a - b) >= halfPx
      if (
        prev &&
        vis &&
        key === prev.key &&
        !moved(vis.t0, prev.t0) &&
        !moved(vis.t1, prev.t1) &&
        !moved(vis.latest, prev.latest)
      )
        return
      if (prev && !vis && key === prev.key) return
      drawn.current = { key, t0: vis?.t0 ?? 0, t1: vis?.t1 ?? 1, latest: vis?.latest ?? 0 }
      const ctx = prepareCanvas(canvasRef.current, box.width, box.height)
      if (!ctx || !vis) return
      domainRef.current = { t0: vis.t0, t1: vis.t1, latest: vis.latest, left: box.margin.left, width: box.innerW }
      xAxisRef.current?.update(linearScale([vis.t0, vis.t1], [0, box.innerW]))
      const x = pixelMap(linearScale([vis.t0, vis.t1], [box.margin.left, box.margin.left + box.innerW]))
      ctx.save()
      ctx.beginPath()
      ctx.rect(box.margin.left, box.margin.top, box.innerW, box.innerH)
      ctx.clip()
      const colours = chartColours()
      draw({ ctx, vis, x, colours })
      // A time-varying link: every time chart marks where the capacity changed (capacityMarks.ts).
      drawCapacityMarks(
        ctx,
        capacityChanges(vis.rows, vis.from, vis.to, vis.tCol),
        x,
        box.margin.top,
        box.margin.top + box.innerH,
        colours.muted,
      )
      ctx.restore()
    },
    label,
    DATA_CHART,
  )

  // The box and the store travel with the chart: its plot and its frame draw from the same ones.
  return { canvasRef, svgRef, xAxisRef, gestures, box, store }
}

export type TimeChart = ReturnType<typeof useTimeChart>

export interface TimePlotProps extends TimeChart {
  y: AxisScale
  yLabel: string
  yFormat?: (v: number) => string
  right?: { scale: AxisScale; label: string; format?: (v: number) => string }
  ariaLabel: string
  /** Holds handles to drag: a group (an img's children would be hidden from assistive technology). */
  interactive?: boolean
  /** Pointer handlers beyond pan (hover read-outs). */
  onPointerMove?(e: PointerEvent<SVGRectElement>): void
  onPointerLeave?(): void
  children?: ReactNode
}

export function TimePlot(props: TimePlotProps) {
  const {
    box,
    canvasRef,
    svgRef,
    xAxisRef,
    gestures,
    y,
    yLabel,
    yFormat,
    right,
    ariaLabel,
    interactive,
    onPointerMove,
    onPointerLeave,
    children,
  } = props
  const { t } = useTranslation('charts')
  const { margin, innerW, innerH } = box
  return (
    <>
      <canvas ref={canvasRef} style={{ width: box.width, height: box.height }} aria-hidden="true" />
      <svg
        ref={svgRef}
        width={box.width}
        height={box.height}
        role={interactive ? 'group' : 'img'}
        aria-label={ariaLabel}
      >
        <g transform={`translate(${margin.left},${margin.top})`}>
          <Axis
            scale={y}
            orient="left"
            ticks={Math.max(2, Math.floor(innerH / 40))}
            gridLength={innerW}
            format={yFormat ?? tickFormat}
          />
          {right && (
            <g transform={`translate(${innerW},0)`}>
              <Axis
                scale={right.scale}
                orient="right"
                ticks={Math.max(2, Math.floor(innerH / 40))}
                format={right.format ?? tickFormat}
              />
            </g>
          )}
          <rect
            className="plot-hit"
            width={innerW}
            height={innerH}
            onPointerDown={gestures.onPointerDown}
            onPointerMove={(e) => {
              gestures.onPointerMove(e)
              onPointerMove?.(e)
            }}
            onPointerUp={gestures.onPointerUp}
            onPointerCancel={gestures.onPointerUp}
            onPointerLeave={onPointerLeave}
          />
          <text className="axis-label" x={innerW / 2} y={innerH + margin.bottom - 4} textAnchor="middle">
            {t('axis.time')}
          </text>
          <YLabel x={-margin.left + 2} y={-margin.top * 0.35} anchor="start" text={yLabel} />
          {right && <YLabel x={innerW + margin.right - 2} y={-margin.top * 0.35} anchor="end" text={right.label} />}
          {children}
        </g>
      </svg>
      {/* The time axis slides every frame: an SVG and a compositing layer of its own, so what it changes
          is laid out and painted alone, not with the plot's grid, handles and labels. */}
      <svg
        className="time-axis"
        width={box.width}
        height={margin.bottom}
        style={{ top: margin.top + innerH }}
        aria-hidden="true"
      >
        <g transform={`translate(${margin.left},0)`}>
          <LiveAxis
            handle={xAxisRef}
            orient="bottom"
            ticksFor={(s) => timeTickCount(innerW, s.domain()[1])}
            format={timeTickFormat}
          />
        </g>
      </svg>
    </>
  )
}

/** An axis' name, written horizontally above the axis. */
export function YLabel({ x, y, anchor, text }: { x: number; y: number; anchor: 'start' | 'end'; text: string }) {
  return (
    <text className="axis-label" x={x} y={y} textAnchor={anchor}>
      {text}
    </text>
  )
}
