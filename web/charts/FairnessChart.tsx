// Fairness and utilisation over the time window: Jain's index and the min/max throughput ratio of
// the active flows, and the bottleneck's utilisation, each over the second before the point (one
// 50 ms interval alone is mostly noise), all on one 0–100 % axis.
import { useTranslation } from 'react-i18next'
import type { SimStore } from '../engine/store'
import { LegendItem } from './ChartShell'
import {
  FAIRNESS_WINDOW_S,
  fairnessPoints,
  flowColumns,
  windowShares,
  windowStart,
  type WindowShares,
} from './fairness'
import { percent } from './format'
import { bucketEdges, pixelMap } from './scales'
import { usePlotBox, useTimeChart, useUpScale, type Drawing } from './TimeChart'
import { TimeChartFrame } from './TimeChartFrame'
import type { TimeViewStore } from './timeWindow'

interface FairnessChartProps {
  store: SimStore
  view: TimeViewStore
}

export function FairnessChart({ store, view }: FairnessChartProps) {
  const { t } = useTranslation('charts')
  const [bodyRef, box] = usePlotBox({ width: 450, height: 170 })
  const y = useUpScale(1.05, box)

  const chart = useTimeChart({
    label: 'fairness',
    store,
    view,
    box,
    extraKey: '',
    draw: (d) => drawFairness(d, pixelMap(y, box.margin.top), fairnessPoints(box.innerW, d.vis.t1 - d.vis.t0)),
  })

  return (
    <TimeChartFrame
      chart={chart}
      bodyRef={bodyRef}
      testId="fairness-chart"
      className="chart-fairness"
      title={t('fairness.title')}
      series={[
        { label: t('readouts.jain'), column: 'jain', format: (v) => v.toFixed(3) },
        { label: t('readouts.util'), column: 'util', format: percent },
      ]}
      legend={
        <>
          <LegendItem colour="var(--c-series-1)" label={t('fairness.jain', { s: FAIRNESS_WINDOW_S })} />
          <LegendItem colour="var(--c-series-2)" label={t('fairness.minmax', { s: FAIRNESS_WINDOW_S })} />
          <LegendItem colour="var(--c-series-3)" label={t('fairness.util', { s: FAIRNESS_WINDOW_S })} />
        </>
      }
      plot={{ y, yLabel: t('fairness.axis'), yFormat: percent, ariaLabel: t('fairness.aria') }}
    />
  )
}

/** Jain's index, min/max and utilisation at about `points` times, each over the second before. */
function drawFairness({ ctx, vis, x, colours }: Drawing, yPx: (v: number) => number, points: number) {
  const { rows, tCol, from, to } = vis
  const cols = flowColumns(rows)
  const uCol = rows.columnIndex('util')
  const edges = bucketEdges(from, to, points)
  const paths = { jain: new Path2D(), minMax: new Path2D(), util: new Path2D() }
  const pen = { jain: false, minMax: false, util: false }
  const plot = (key: keyof typeof paths, px: number, v: number) => {
    if (!Number.isFinite(v)) {
      pen[key] = false
      return
    }
    if (pen[key]) paths[key].lineTo(px, yPx(v))
    else paths[key].moveTo(px, yPx(v))
    pen[key] = true
  }
  let scratch: WindowShares | undefined
  for (let b = 1; b < edges.length; b++) {
    const r = edges[b] - 1
    const start = windowStart(rows, r, tCol)
    const px = x(rows.at(r, tCol))
    if (uCol >= 0) plot('util', px, rows.rangeSum(start, r + 1, uCol) / (r + 1 - start))
    if (cols.thr.length === 0) continue
    scratch = windowShares(rows, start, r + 1, cols, scratch)
    plot('jain', px, scratch.jain)
    plot('minMax', px, scratch.minMax)
  }
  ctx.lineWidth = 2
  ctx.strokeStyle = colours.green
  ctx.stroke(paths.util)
  ctx.strokeStyle = colours.orange
  ctx.stroke(paths.minMax)
  ctx.strokeStyle = colours.blue
  ctx.stroke(paths.jain)
}
