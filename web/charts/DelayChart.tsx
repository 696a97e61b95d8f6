// Queueing delay over the time window (line, left axis) with the algorithm's delay target, which
// you can drag (CoDel's target, PIE's reference delay); drops and ECN marks per second as stacked
// bars behind it (right axis), split by cause where the engine reports causes (drops_<reason>).
import { useMemo, useState } from 'react'
import { useFrameState } from './frameState'
import { useTranslation } from 'react-i18next'
import type { AlgorithmInfo, AqmConfig } from '../engine/protocol'
import type { ShownError, SimStore } from '../engine/store'
import { columnMax, strokeColumn } from './canvas'
import { LegendItem } from './ChartShell'
import { eventRates, eventSeries } from './events'
import { LevelHandle } from './LevelHandle'
import { pixelMap, queueDomainMax, stickyMax } from './scales'
import { usePlotBox, useTimeChart, useUpScale } from './TimeChart'
import { TimeChartFrame } from './TimeChartFrame'
import { delayTargets } from './thresholds'
import type { TimeViewStore } from './timeWindow'
import { classColours } from './palette'
import { Help } from './Help'
import { subQueuesOf, toMs } from '../engine/subQueues'

interface DelayChartProps {
  store: SimStore
  view: TimeViewStore
  info: AlgorithmInfo | undefined
  aqm: AqmConfig | null
  columns: string[]
  errors: Record<string, ShownError>
}

export function DelayChart({ store, view, info, aqm, columns, errors }: DelayChartProps) {
  const { t } = useTranslation('charts')
  const [bodyRef, box] = usePlotBox({ width: 450, height: 170 }, 2.6)
  const targets = useMemo(() => delayTargets(info, aqm), [info, aqm])
  const series = useMemo(() => eventSeries(columns, info), [columns, info])
  // Each sub-queue's own delay (DualPI2: the sojourn of the last packet each queue sent on), in its class's colour.
  const queueDelays = useMemo(
    () =>
      subQueuesOf(aqm?.kind ?? info?.kind).flatMap((q) =>
        q.sojourn?.column && columns.includes(q.sojourn.column)
          ? [{ cls: q.cls, column: q.sojourn.column, toMs: (v: number) => toMs(v, q.sojourn?.unit ?? 'ms') }]
          : [],
      ),
    [aqm?.kind, info?.kind, columns],
  )
  const [yMax, setYMax] = useFrameState(50)
  const [rateMax, setRateMax] = useFrameState(20)
  const [frozen, setFrozen] = useState(false)
  const y = useUpScale(yMax, box)
  const yRate = useUpScale(rateMax, box)

  const chart = useTimeChart({
    label: 'delay',
    store,
    view,
    box,
    extraKey: `${yMax}|${rateMax}|${series.length}|${queueDelays.length}`,
    draw: ({ ctx, vis, x, colours }) => {
      const { rows, tCol, from, to } = vis
      const bars = eventRates(rows, from, to, tCol, series, Math.max(4, box.innerW / 5))
      const palette = [colours.vermillion, colours.orange, colours.purple, colours.sky, colours.blue, colours.green]
      let peak = 0
      for (const bar of bars) {
        let base = 0
        const x0 = x(bar.t0)
        const w = Math.max(1, x(bar.t1) - x0 - 1)
        bar.rates.forEach((r, k) => {
          if (r <= 0) return
          ctx.fillStyle = palette[series[k].colour % palette.length]
          ctx.globalAlpha = 0.55
          const top = box.margin.top + yRate(Math.min(rateMax, base + r))
          ctx.fillRect(x0, top, w, box.margin.top + yRate(Math.min(rateMax, base)) - top)
          base += r
        })
        peak = Math.max(peak, base)
      }
      ctx.globalAlpha = 1
      const dCol = rows.columnIndex('delay_ms')
      if (dCol >= 0) strokeColumn(ctx, vis, dCol, x, pixelMap(y, box.margin.top), box.innerW, colours.blue, 1.75)
      let queueMax = 0
      for (const q of queueDelays) {
        const col = rows.columnIndex(q.column)
        if (col < 0) continue
        const yPx = pixelMap(y, box.margin.top)
        strokeColumn(ctx, vis, col, x, (v) => yPx(q.toMs(v)), box.innerW, colours[classColours[q.cls].canvas], 1.5)
        queueMax = Math.max(queueMax, q.toMs(columnMax(rows, from, to, col)))
      }
      const nextRate = stickyMax(rateMax, queueDomainMax(peak, [], 5))
      if (nextRate !== rateMax) setRateMax(nextRate)
      const next = stickyMax(
        yMax,
        queueDomainMax(
          Math.max(columnMax(rows, from, to, dCol), queueMax),
          targets.map((p) => p.value * 1.5),
          5,
        ),
      )
      if (!frozen && next !== yMax) setYMax(next)
    },
  })

  return (
    <TimeChartFrame
      chart={chart}
      bodyRef={bodyRef}
      testId="delay-chart"
      className="chart-delay"
      title={t('delay.title')}
      series={[
        { label: `${t('delay.delay')} · ms`, column: 'delay_ms' },
        ...queueDelays.map((q) => ({
          label: `${t('subqueue.sojourn', { queue: t(`subqueue.${q.cls}`) })} · s`,
          column: q.column,
        })),
      ]}
      legend={
        <>
          <LegendItem colour="var(--c-series-1)" label={t('delay.delay')} />
          {queueDelays.map((q) => (
            <LegendItem
              key={q.column}
              colour={classColours[q.cls].css}
              label={t('subqueue.sojourn', { queue: t(`subqueue.${q.cls}`) })}
            />
          ))}
          {series.map((s) => (
            <LegendItem
              key={s.column}
              colour={s.cssColour}
              area
              label={t(s.labelKey, {
                reason: (s.causes.length > 0 ? s.causes : [s.reason])
                  .map((r) => t(`reasons.${r}`, { defaultValue: r }))
                  .join(' + '),
              })}
            />
          ))}
          {targets.length > 0 && <LegendItem colour="var(--c-series-3)" dashed label={t('delay.target')} />}
          {queueDelays.length > 0 && (
            <li className="legend-help">
              <Help term={t('l4s.terms.step_threshold')} text={t('l4s.help.step_threshold')} />
            </li>
          )}
        </>
      }
      plot={{
        y,
        yLabel: t('delay.axis'),
        right: { scale: yRate, label: t('delay.axis_rate') },
        ariaLabel: t('delay.aria'),
        interactive: targets.length > 0,
      }}
    >
      {aqm &&
        targets.map((p) => (
          <LevelHandle
            key={p.name}
            className="level-target"
            param={p}
            aqm={aqm}
            unit="ms"
            unitKind="ms"
            y={y}
            width={box.innerW}
            bufferLimit={null}
            error={errors[`set-param:${p.name}`]?.message}
            onSend={(n, v) => store.setParam(n, v)}
            onDragging={setFrozen}
          />
        ))}
    </TimeChartFrame>
  )
}
