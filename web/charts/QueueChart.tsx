// The queue at the bottleneck over the time window: instantaneous and averaged queue (canvas), the
// algorithm's target band, drop and mark ticks, and its thresholds as lines you drag (SVG).
import { useMemo, useState, useSyncExternalStore } from 'react'
import { useFrameState } from './frameState'
import { useTranslation } from 'react-i18next'
import { columnMax, traceColumn } from './canvas'
import { LegendItem } from './ChartShell'
import { drawEventTicks } from './eventTicks'
import { LevelHandle } from './LevelHandle'
import { avgIsOwnQueue } from '../engine/units'
import { gripSpan, neighbourGaps } from './gripSpan'
import { pixelMap, queueDomainMax, stickyMax } from './scales'
import { usePlotBox, useTimeChart, useUpScale } from './TimeChart'
import { TimeChartFrame } from './TimeChartFrame'
import { queueLevels, targetBand } from './thresholds'
import type { QueueScaleProps } from './queueScale'
import { withAlpha } from './theme'
import { classColours } from './palette'
import { Help } from './Help'
import { subQueuesOf } from '../engine/subQueues'
import { SketchLayer } from './sketch/SketchLayer'
import type { SketchStore } from './sketch/sketchStore'

/** The predicted queue curve drawn on this chart (web/charts/sketch/): the page's sketches and which one is this chart's. */
export interface QueueSketch {
  store: SketchStore
  id: string
}

const NO_SKETCHES = { subscribe: () => () => {}, getSnapshot: () => null }

/** Two levels closer than this on screen would print their labels over each other (both sit above their lines). */
const LABEL_CLEARANCE_PX = 18

interface QueueChartProps extends QueueScaleProps {
  sketch?: QueueSketch
}

export function QueueChart({ store, view, info, aqm, queueUnit, bufferLimit, errors, sketch }: QueueChartProps) {
  const { t } = useTranslation('charts')
  const { t: tTeach } = useTranslation('teach')
  const [bodyRef, box] = usePlotBox({ width: 600, height: 220 })
  const unit = queueUnit === 'bytes' ? 'bytes' : 'packets'
  // The engine says what `avg` is: AVQ's is its virtual queue (Kunniyur & Srikant 2001), not an average.
  const avgLabel = info?.avg === 'virtual_queue' ? 'queue.virtual' : 'queue.average'
  const levels = useMemo(() => queueLevels(info, aqm, queueUnit, unit), [info, aqm, queueUnit, unit])
  // A discipline with several queues (DualPI2's L4S and classic) declares each one's backlog: drawn in the
  // colour of the class of flows it holds. The series follow the running discipline (a switch adds or drops
  // them); the engine traces a discipline's queues when the run starts with it, so after a switch to it
  // mid-run the run has no such columns and the chart says how to get them.
  const columns = useSyncExternalStore(store.subscribe, () => store.getSnapshot().columns)
  const declaredQueues = useMemo(
    () =>
      subQueuesOf(aqm?.kind ?? info?.kind).flatMap((q) => {
        const column = q.level[unit]?.column
        return column ? [{ cls: q.cls, column }] : []
      }),
    [aqm?.kind, info?.kind, unit],
  )
  const subQueues = useMemo(() => declaredQueues.filter((q) => columns.includes(q.column)), [declaredQueues, columns])
  const [yMax, setYMax] = useFrameState(20)
  const [frozen, setFrozen] = useState(false)
  const [hasAvg, setHasAvg] = useFrameState(false)
  const [hasSub, setHasSub] = useFrameState(false)
  const band = targetBand(info, aqm, store.live().aqmState)
  const sketchState = useSyncExternalStore(
    sketch?.store.subscribe ?? NO_SKETCHES.subscribe,
    sketch?.store.getSnapshot ?? NO_SKETCHES.getSnapshot,
  )
  const sketchPoints = sketch && sketchState ? (sketchState.sketches[sketch.id] ?? []) : []
  const sketching = sketch !== undefined && sketchState?.editing === sketch.id
  const sketchMax = sketchPoints.reduce((m, [, q]) => Math.max(m, q), 0)
  // Drawing a prediction, the axis spans the whole buffer so that any queue can be sketched; a sketch is
  // always inside it.
  const yTop = Math.max(
    yMax,
    sketching && bufferLimit !== null ? bufferLimit : 0,
    sketchPoints.length > 1 ? sketchMax * 1.1 : 0,
  )
  const y = useUpScale(yTop, box)

  const chart = useTimeChart({
    label: 'queue',
    store,
    view,
    box,
    extraKey: `${yTop}|${aqm?.kind}|${JSON.stringify(aqm)}|${JSON.stringify(sketchPoints)}|${subQueues.length}`,
    draw: ({ ctx, vis, x, colours }) => {
      const { rows, tCol, from, to } = vis
      const yPx = pixelMap(y, box.margin.top)
      const live = targetBand(info, aqm, store.live().aqmState)
      if (live) {
        ctx.fillStyle = withAlpha(colours.green, live.kind === 'band' ? 0.22 : 0.1)
        ctx.fillRect(box.margin.left, yPx(live.hi), box.innerW, yPx(live.lo) - yPx(live.hi))
      }
      const qCol = rows.columnIndex(unit === 'bytes' ? 'q_bytes' : 'q_pkts')
      const aCol = avgIsOwnQueue(aqm) ? -1 : rows.columnIndex('avg')
      // The queue is one pixel wide: on a standard screen that is rasterised as a hairline, several times
      // cheaper than stroking an outline around the hundreds of spikes of a busy queue in every frame.
      const subCols = subQueues.map((q) => ({
        col: rows.columnIndex(q.column),
        colour: colours[classColours[q.cls].canvas],
        width: 1.5,
      }))
      const series = [
        { col: qCol, colour: colours.blue, width: 1 },
        { col: aCol, colour: colours.orange, width: 2.5 },
        ...subCols,
      ]
      for (const s of series) {
        if (s.col < 0) continue
        ctx.beginPath()
        traceColumn(ctx, rows, from, to, tCol, s.col, x, yPx, box.innerW)
        ctx.strokeStyle = s.colour
        ctx.lineWidth = s.width
        ctx.lineJoin = 'round'
        ctx.stroke()
      }
      if (sketchPoints.length > 1) {
        // The locked prediction, dashed, under the run it predicted.
        ctx.beginPath()
        sketchPoints.forEach(([ts, q], i) => (i === 0 ? ctx.moveTo(x(ts), yPx(q)) : ctx.lineTo(x(ts), yPx(q))))
        ctx.setLineDash([6, 4])
        ctx.strokeStyle = colours.ink
        ctx.lineWidth = 2
        ctx.stroke()
        ctx.setLineDash([])
      }
      const bottom = box.margin.top + box.innerH
      drawEventTicks(ctx, vis, rows.columnIndex('drops'), x, bottom, -1, colours.vermillion, box.innerW / 3)
      drawEventTicks(ctx, vis, rows.columnIndex('marks'), x, box.margin.top, 1, colours.sky, box.innerW / 3)

      const avgNow = aCol >= 0 && to > 0 && Number.isFinite(rows.at(to - 1, aCol))
      if (avgNow !== hasAvg) setHasAvg(avgNow)
      const dataMax = Math.max(columnMax(rows, from, to, qCol), columnMax(rows, from, to, aCol))
      if (subCols.some((c) => c.col >= 0) !== hasSub) setHasSub(!hasSub)
      const refs = [...levels.map((l) => l.value * 1.2), (live?.hi ?? 0) * 1.1, sketchMax * 1.1]
      if (bufferLimit !== null && dataMax > 0.5 * bufferLimit) refs.push(bufferLimit)
      const next = stickyMax(yMax, queueDomainMax(dataMax, refs))
      if (!frozen && next !== yMax) setYMax(next)
    },
  })

  const unitLabel = t(`units.${unit}`)
  const paramErrors = levels.flatMap((l) => errors[`set-param:${l.name}`]?.message ?? [])
  return (
    <TimeChartFrame
      chart={chart}
      bodyRef={bodyRef}
      testId="queue-chart"
      className="chart-queue"
      title={t('queue.title')}
      series={[
        { label: `${t('queue.instantaneous')} · ${unitLabel}`, column: unit === 'bytes' ? 'q_bytes' : 'q_pkts' },
        ...(hasAvg ? [{ label: t(avgLabel), column: 'avg' }] : []),
        ...(hasSub
          ? subQueues.map((q) => ({ label: `${t(`subqueue.${q.cls}`)} · ${unitLabel}`, column: q.column }))
          : []),
      ]}
      legend={
        <>
          <LegendItem colour="var(--c-series-1)" label={t('queue.instantaneous')} />
          {hasAvg && <LegendItem colour="var(--c-series-2)" label={t(avgLabel)} />}
          {hasSub &&
            subQueues.map((q) => (
              <LegendItem key={q.column} colour={classColours[q.cls].css} label={t(`subqueue.${q.cls}`)} />
            ))}
          {hasSub && (
            <li className="legend-help">
              <Help term={t('l4s.terms.l4s')} text={t('l4s.help.l4s')} />
            </li>
          )}
          {band && <LegendItem colour="var(--c-series-3)" area label={t(`queue.band_${band.kind}`, { ms: band.ms })} />}
          <LegendItem colour="var(--c-series-4)" label={t('queue.drops')} />
          <LegendItem colour="var(--c-series-6)" label={t('queue.marks')} />
          {levels.length > 0 && <LegendItem colour="var(--c-ink)" dashed label={t('queue.thresholds')} />}
          {sketchPoints.length > 1 && <LegendItem colour="var(--c-ink)" dashed label={tTeach('sketch.legend')} />}
        </>
      }
      plot={{
        y,
        yLabel: t(`queue.axis_${unit}`),
        ariaLabel: t('queue.aria', { unit: unitLabel }),
        interactive: levels.length > 0 || sketching,
      }}
      overlay={paramErrors.length > 0 && <p className="chart-error">{paramErrors[0]}</p>}
    >
      {bufferLimit !== null && bufferLimit <= yTop && (
        <g className="reference reference-limit" transform={`translate(0,${y(bufferLimit)})`}>
          <line x1={0} x2={box.innerW} />
          <text x={box.innerW / 2} y={12} textAnchor="middle">
            {t('queue.buffer', { value: bufferLimit })}
          </text>
        </g>
      )}
      {aqm &&
        levels.map((p) => {
          const gaps = neighbourGaps(
            p.value,
            levels.filter((o) => o !== p).map((o) => o.value),
            y,
          )
          return (
            <LevelHandle
              key={p.name}
              span={gripSpan(gaps.above, gaps.below)}
              labelBelow={levels.some((o) => o.value > p.value && y(p.value) - y(o.value) < LABEL_CLEARANCE_PX)}
              param={p}
              aqm={aqm}
              unit={unitLabel}
              y={y}
              width={box.innerW}
              bufferLimit={bufferLimit}
              error={errors[`set-param:${p.name}`]?.message}
              onSend={(n, v) => store.setParam(n, v)}
              onDragging={setFrozen}
            />
          )
        })}
      {sketch && (
        <SketchLayer
          sketches={sketch.store}
          id={sketch.id}
          sim={store}
          span={Number.isFinite(view.get().span) ? view.get().span : 20}
          innerW={box.innerW}
          innerH={box.innerH}
          y={y}
        />
      )}
    </TimeChartFrame>
  )
}
