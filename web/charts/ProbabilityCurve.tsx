// The running algorithm's drop probability against the averaged queue, as an editor: drag min_th and
// max_th along the queue axis and max_p up and down; the live operating point (avg, p) moves on the
// curve with a short trail. Algorithms without a static curve (PI, PIE, ...) show p over time.
import { useId, useMemo, useRef, useState } from 'react'
import { useFrameState } from './frameState'
import { useTranslation } from 'react-i18next'
import * as d3 from 'd3'
import type { Curve } from '../engine/protocol'
import { Axis } from './Axis'
import { prepareCanvas } from './canvas'
import { ChartShell, LegendItem } from './ChartShell'
import { CurveHandles } from './CurveHandles'
import { curveXMax, densify, P_TICKS, sameCurve } from './curve'
import { tickFormat } from './format'
import { DATA_CHART, useFrame } from './frameLoop'
import { ProbabilityTrace } from './ProbabilityTrace'
import { usePlotBox, YLabel } from './TimeChart'
import { curveParams } from './thresholds'
import { PerFlowCap } from './PerFlowCap'
import type { QueueScaleProps } from './queueScale'
import { chartColours, themeRevision } from './theme'

/** Seconds of operating-point history drawn as a trail. */
const TRAIL_S = 3

export function ProbabilityCurve(props: QueueScaleProps) {
  const { store, info, aqm, queueUnit } = props
  const { t } = useTranslation('charts')
  const [curve, setCurve] = useFrameState<Curve | null>(() => store.live().curve)
  const [bodyRef, box] = usePlotBox({ width: 300, height: 220 }, 0.9)
  const params = useMemo(() => curveParams(info, aqm), [info, aqm])
  const [frozen, setFrozen] = useState(false)
  const [xMax, setXMax] = useFrameState(20)
  const canvasRef = useRef<HTMLCanvasElement>(null)
  const lastKey = useRef('')
  const unit = queueUnit === 'bytes' ? 'bytes' : 'packets'
  const clipId = useId()

  const x = useMemo(() => d3.scaleLinear().domain([0, xMax]).range([0, box.innerW]), [xMax, box.innerW])
  const y = useMemo(() => d3.scaleSqrt().domain([0, 1]).range([box.innerH, 0]), [box.innerH])

  useFrame(
    () => {
      const snap = store.live()
      if (!sameCurve(snap.curve, curve)) setCurve(snap.curve)
      const buffer = store.buffer
      const key = `${snap.version}|${xMax}|${box.width}x${box.height}|${themeRevision()}|${params.levels.map((l) => l.value).join()}|${frozen}`
      if (key === lastKey.current || !canvasRef.current || !buffer) return
      lastKey.current = key
      const ctx = prepareCanvas(canvasRef.current, box.width, box.height)
      const [tCol, aCol, pCol] = ['t', 'avg', 'p'].map((c) => buffer.columnIndex(c))
      // The queue axis follows the curve and the thresholds also before Play (no sample yet) and while paused.
      const newestAvg = buffer.length > 0 && aCol >= 0 ? buffer.at(buffer.length - 1, aCol) : Number.NaN
      const next = curveXMax(
        snap.curve,
        params.levels.map((l) => l.value),
        newestAvg,
      )
      if (!frozen && next !== xMax) setXMax(next)
      if (!ctx || buffer.length === 0 || aCol < 0 || pCol < 0) return
      const n = buffer.length
      const from = buffer.firstAtOrAfter(buffer.at(n - 1, tCol) - TRAIL_S)
      const c = chartColours()
      const px = (i: number) => box.margin.left + x(buffer.at(i, aCol))
      const py = (i: number) => box.margin.top + y(Math.min(1, Math.max(0, buffer.at(i, pCol))))
      ctx.save()
      ctx.beginPath()
      ctx.rect(box.margin.left - 6, box.margin.top - 6, box.innerW + 12, box.innerH + 12)
      ctx.clip()
      ctx.fillStyle = c.vermillion
      for (let i = from; i < n - 1; i++) {
        if (!Number.isFinite(buffer.at(i, aCol)) || !Number.isFinite(buffer.at(i, pCol))) continue
        ctx.globalAlpha = 0.08 + (0.4 * (i - from)) / Math.max(1, n - from)
        ctx.fillRect(px(i) - 1.5, py(i) - 1.5, 3, 3)
      }
      ctx.globalAlpha = 1
      const avg = buffer.at(n - 1, aCol)
      if (Number.isFinite(avg) && Number.isFinite(buffer.at(n - 1, pCol))) {
        ctx.beginPath()
        ctx.arc(px(n - 1), py(n - 1), 6, 0, 2 * Math.PI)
        ctx.fill()
        ctx.lineWidth = 2
        ctx.strokeStyle = c.panel
        ctx.stroke()
      }
      ctx.restore()
    },
    'curve',
    DATA_CHART,
  )

  // A per-flow decision (selective drop) has neither a curve nor a p over time: name its cap instead.
  const cap = info?.per_flow_cap
  if (info !== undefined && typeof cap === 'string') return <PerFlowCap store={store} info={info} aqm={aqm} cap={cap} />
  if (curve === null) return <ProbabilityTrace store={store} view={props.view} info={info} />
  const line = d3
    .line<[number, number]>()
    .x((d) => x(d[0]))
    .y((d) => y(Math.min(1, d[1])))
  const drawn = densify(curve)
  const unitLabel = t(`units.${unit}`)
  return (
    <ChartShell
      testId="probability-curve"
      className="chart-curve"
      title={t('curve.title')}
      bodyRef={bodyRef}
      legend={
        <>
          <LegendItem colour="var(--c-series-5)" label={t('curve.curve')} />
          <LegendItem colour="var(--c-series-4)" label={t('curve.operating')} />
        </>
      }
    >
      <canvas ref={canvasRef} style={{ width: box.width, height: box.height }} aria-hidden="true" />
      <svg
        width={box.width}
        height={box.height}
        role="group"
        aria-label={t('curve.aria', {
          label: info === undefined ? '' : t(`algorithms.${info.kind}.name`, { ns: 'app', defaultValue: info.label }),
        })}
      >
        <defs>
          <clipPath id={clipId}>
            <rect x={-2} y={-2} width={box.innerW + 4} height={box.innerH + 4} />
          </clipPath>
        </defs>
        <g transform={`translate(${box.margin.left},${box.margin.top})`}>
          <Axis
            scale={y}
            orient="left"
            tickValues={P_TICKS}
            gridLength={box.innerW}
            format={(v) => d3.format('~g')(v)}
          />
          <g transform={`translate(0,${box.innerH})`}>
            <Axis scale={x} orient="bottom" ticks={Math.max(2, Math.floor(box.innerW / 60))} format={tickFormat} />
          </g>
          <text className="axis-label" x={box.innerW / 2} y={box.innerH + box.margin.bottom - 4} textAnchor="middle">
            {t(`curve.axis_x_${unit}`)}
          </text>
          <YLabel x={-box.margin.left + 2} y={-box.margin.top * 0.35} anchor="start" text={t('curve.axis_p')} />
          <path className="curve-line" d={line(drawn) ?? ''} clipPath={`url(#${CSS.escape(clipId)})`} />
          {aqm && (
            <CurveHandles
              params={params}
              aqm={aqm}
              unitKind={unit}
              unit={unitLabel}
              x={x}
              y={y}
              height={box.innerH}
              bufferLimit={props.bufferLimit}
              errors={props.errors}
              onSend={(n, v) => store.setParam(n, v)}
              onDragging={setFrozen}
            />
          )}
        </g>
      </svg>
    </ChartShell>
  )
}
