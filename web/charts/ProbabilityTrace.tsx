// For algorithms without a static curve (PI, PIE, BLUE, ...): their drop probability over the time
// window, as the controller sets it. Algorithms that have no probability at all (drop-tail, CoDel)
// say so instead.
import { useMemo, useRef } from 'react'
import { useFrameState } from './frameState'
import { useTranslation } from 'react-i18next'
import type { AlgorithmInfo } from '../engine/protocol'
import type { SimStore } from '../engine/store'
import { columnMax, traceColumn } from './canvas'
import { ChartShell, LegendItem } from './ChartShell'
import { linearScale, queueDomainMax, stickyMax } from './scales'
import { chartMargin, plotBox, TimePlot, useTimeChart } from './TimeChart'
import { remPx } from './theme'
import type { TimeViewStore } from './timeWindow'
import { useSize } from './useSize'

interface ProbabilityTraceProps {
  store: SimStore
  view: TimeViewStore
  info: AlgorithmInfo | undefined
}

export function ProbabilityTrace({ store, view, info }: ProbabilityTraceProps) {
  const { t } = useTranslation('charts')
  const [bodyRef, size] = useSize<HTMLDivElement>({ width: 300, height: 220 })
  const rem = remPx()
  const box = plotBox(size, chartMargin(rem, 0.9))
  const [yMax, setYMax] = useFrameState(0.05)
  const [hasP, setHasP] = useFrameState(true)
  /** When the shown algorithm took over: rows before it were sampled under another one. */
  const since = useRef<{ kind: string | undefined; t: number }>({ kind: undefined, t: -Infinity })
  const y = useMemo(() => linearScale([0, yMax], [box.innerH, 0]), [yMax, box.innerH])
  const chart = useTimeChart({
    label: 'p-time',
    store,
    view,
    box,
    extraKey: String(yMax),
    draw: ({ ctx, vis, x, colours }) => {
      const { rows, tCol, from, to } = vis
      const pCol = rows.columnIndex('p')
      if (pCol < 0) return
      ctx.beginPath()
      traceColumn(ctx, rows, from, to, tCol, pCol, x, (v) => box.margin.top + y(v), box.innerW)
      ctx.strokeStyle = colours.purple
      ctx.lineWidth = 2
      ctx.stroke()
      if (since.current.kind !== info?.kind) since.current = { kind: info?.kind, t: vis.latest }
      // Decide only from a row sampled under this algorithm: before Play, or right after a switch while
      // paused, there is none yet, and PIE is not an algorithm "without a drop probability".
      const newest = to > from ? rows.at(to - 1, tCol) : -Infinity
      const any = newest > since.current.t ? Number.isFinite(rows.at(to - 1, pCol)) : true
      if (any !== hasP) setHasP(any)
      const next = stickyMax(yMax, queueDomainMax(columnMax(rows, from, to, pCol), [], 0.01))
      if (next !== yMax) setYMax(next)
    },
  })
  return (
    <ChartShell
      testId="probability-curve"
      className="chart-curve"
      title={t('curve.title_time')}
      bodyRef={bodyRef}
      legend={<LegendItem colour="var(--c-series-5)" label={t('curve.p_time')} />}
    >
      <TimePlot
        {...chart}
        box={box}
        y={y}
        yLabel={t('curve.axis_p_linear')}
        ariaLabel={t('curve.aria_time', {
          label: info === undefined ? '' : t(`algorithms.${info.kind}.name`, { ns: 'app', defaultValue: info.label }),
        })}
      />
      {!hasP && (
        <p className="chart-note">
          {t('curve.none', {
            label: info === undefined ? '' : t(`algorithms.${info.kind}.name`, { ns: 'app', defaultValue: info.label }),
          })}
        </p>
      )}
    </ChartShell>
  )
}
