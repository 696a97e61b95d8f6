// Live queue at the bottleneck: instantaneous queue and the AQM's averaged queue over the last
// WINDOW_S simulated seconds. Traces on <canvas> (dense), axes and threshold lines in SVG.
import { useLayoutEffect, useRef } from 'react'
import * as d3 from 'd3'
import { Axis } from './Axis'
import { palette } from './palette'
import { decimate, linearScale, queueDomainMax, timeWindow, type Margin, type Threshold } from './scales'
import { useWidth } from './useSize'
import type { SampleBuffer } from '../engine/samples'

export const WINDOW_S = 20
const HEIGHT = 300
const MARGIN: Margin = { top: 12, right: 16, bottom: 44, left: 56 }

interface QueueChartProps {
  buffer: SampleBuffer | null
  /** Changes whenever new samples arrived; triggers a redraw. */
  version: number
  simTime: number
  thresholds: Threshold[]
  /** Bottleneck buffer size in packets, drawn as a limit line; null when not in packets. */
  bufferLimit: number | null
}

const SERIES = [
  { column: 'q_pkts', label: 'Instantaneous queue', colour: palette.blue, width: 1.25 },
  { column: 'avg', label: 'AQM average queue', colour: palette.orange, width: 2 },
] as const

export function QueueChart({ buffer, version, simTime, thresholds, bufferLimit }: QueueChartProps) {
  const [bodyRef, width] = useWidth<HTMLDivElement>(640)
  const canvasRef = useRef<HTMLCanvasElement>(null)
  const innerW = Math.max(10, width - MARGIN.left - MARGIN.right)
  const innerH = HEIGHT - MARGIN.top - MARGIN.bottom

  const [t0, t1] = timeWindow(simTime, WINDOW_S)
  const from = buffer ? buffer.firstAtOrAfter(t0) : 0
  const to = buffer ? buffer.length : 0
  let dataMax = 0
  const qCol = buffer ? buffer.columnIndex('q_pkts') : -1
  if (buffer && qCol >= 0) for (let i = from; i < to; i++) dataMax = Math.max(dataMax, buffer.at(i, qCol))
  const references = [...thresholds.map((t) => t.value), ...(bufferLimit === null ? [] : [bufferLimit])]
  const yMax = queueDomainMax(dataMax, references)

  const x = linearScale([t0, t1], [0, innerW])
  const y = linearScale([0, yMax], [innerH, 0])

  useLayoutEffect(() => {
    const canvas = canvasRef.current
    const ctx = canvas?.getContext('2d')
    if (!canvas || !ctx) return
    const dpr = window.devicePixelRatio || 1
    canvas.width = Math.round(width * dpr)
    canvas.height = Math.round(HEIGHT * dpr)
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0)
    ctx.clearRect(0, 0, width, HEIGHT)
    if (!buffer || to - from < 1) return
    const tCol = buffer.columnIndex('t')
    const xs = linearScale([t0, t1], [MARGIN.left, MARGIN.left + innerW])
    const ys = linearScale([0, yMax], [MARGIN.top + innerH, MARGIN.top])
    const rows = decimate(from, to, innerW * 2)
    ctx.save()
    ctx.beginPath()
    ctx.rect(MARGIN.left, MARGIN.top, innerW, innerH)
    ctx.clip()
    for (const s of SERIES) {
      const col = buffer.columnIndex(s.column)
      if (col < 0) continue
      const line = d3
        .line<number>()
        .defined((i) => Number.isFinite(buffer.at(i, col)))
        .x((i) => xs(buffer.at(i, tCol)))
        .y((i) => ys(buffer.at(i, col)))
        .context(ctx)
      ctx.beginPath()
      line(rows)
      ctx.strokeStyle = s.colour
      ctx.lineWidth = s.width
      ctx.stroke()
    }
    ctx.restore()
  }, [buffer, version, width, from, to, t0, t1, yMax, innerW, innerH])

  return (
    <figure className="chart" data-testid="queue-chart">
      <figcaption>Queue at the bottleneck</figcaption>
      <div className="chart-body" ref={bodyRef} style={{ height: HEIGHT }}>
        <canvas ref={canvasRef} style={{ width, height: HEIGHT }} aria-hidden="true" />
        <svg width={width} height={HEIGHT} role="img" aria-label="Queue length over simulated time">
          <g transform={`translate(${MARGIN.left},${MARGIN.top})`}>
            <Axis scale={y} orient="left" gridLength={innerW} />
            <g transform={`translate(0,${innerH})`}>
              <Axis scale={x} orient="bottom" />
            </g>
            <text className="axis-label" x={innerW / 2} y={innerH + 36} textAnchor="middle">
              simulated time (s)
            </text>
            <text className="axis-label" transform={`translate(-42,${innerH / 2}) rotate(-90)`} textAnchor="middle">
              queue (packets)
            </text>
            {bufferLimit !== null && (
              <ReferenceLine name="buffer" label="Buffer size" value={bufferLimit} y={y(bufferLimit)} width={innerW} kind="limit" />
            )}
            {thresholds.map((t) => (
              <ReferenceLine key={t.name} name={t.name} label={t.label} value={t.value} y={y(t.value)} width={innerW} kind="threshold" />
            ))}
          </g>
        </svg>
      </div>
      <ul className="legend">
        {SERIES.map((s) => (
          <li key={s.column}>
            <span className="swatch" style={{ background: s.colour }} />
            {s.label}
          </li>
        ))}
        {thresholds.length > 0 && (
          <li>
            <span className="swatch swatch-dashed" />
            Thresholds
          </li>
        )}
      </ul>
    </figure>
  )
}

interface ReferenceLineProps {
  name: string
  label: string
  value: number
  y: number
  width: number
  kind: 'threshold' | 'limit'
}

function ReferenceLine({ name, label, value, y, width, kind }: ReferenceLineProps) {
  return (
    <g className={`reference reference-${kind}`} data-testid={`threshold-${name}`} transform={`translate(0,${y})`}>
      <line x1={0} x2={width} />
      <text x={width - 4} y={-4} textAnchor="end">
        {label} = {d3.format('~g')(value)}
      </text>
    </g>
  )
}
