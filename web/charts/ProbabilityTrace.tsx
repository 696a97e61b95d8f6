// For algorithms without a static curve (PI, PIE, BLUE, ...): their drop probability over the time
// window, as the controller sets it. Algorithms that have no probability at all (drop-tail, CoDel)
// say so instead.
import { useMemo, useRef, useSyncExternalStore } from 'react'
import { useFrameState } from './frameState'
import { useTranslation } from 'react-i18next'
import type { AlgorithmInfo } from '../engine/protocol'
import type { SimStore } from '../engine/store'
import { columnMax, strokeColumn } from './canvas'
import { LegendItem } from './ChartShell'
import { queueDomainMax, stickyMax } from './scales'
import { usePlotBox, useTimeChart, useUpScale } from './TimeChart'
import { TimeChartFrame } from './TimeChartFrame'
import type { TimeViewStore } from './timeWindow'
import { classColours } from './palette'
import { Help } from './Help'
import { formatValue } from './format'
import { baseProbabilityOf, subQueuesOf } from '../engine/subQueues'

interface ProbabilityTraceProps {
  store: SimStore
  view: TimeViewStore
  info: AlgorithmInfo | undefined
}

export function ProbabilityTrace({ store, view, info }: ProbabilityTraceProps) {
  const { t } = useTranslation('charts')
  const [bodyRef, box] = usePlotBox({ width: 300, height: 220 }, 0.9)
  const [yMax, setYMax] = useFrameState(0.05)
  const [hasP, setHasP] = useFrameState(true)
  /** When the shown algorithm took over: rows before it were sampled under another one. */
  const since = useRef<{ kind: string | undefined; t: number }>({ kind: undefined, t: -Infinity })
  const y = useUpScale(yMax, box)
  // A discipline with several queues also declares the probability each queue's packets see (DualPI2: p_C
  // and p_CL from its base p′, RFC 9332 §2.1), drawn beside the base one in its class's colour.
  // They follow the running discipline: after a switch to it mid-run the engine traces its queues from the
  // switch on (the rows before read NaN), so the lines start there.
  const base = baseProbabilityOf(info?.kind)
  const columns = useSyncExternalStore(store.subscribe, () => store.getSnapshot().columns)
  const declared = useMemo(
    () =>
      subQueuesOf(info?.kind).flatMap((q) =>
        q.probability?.column ? [{ cls: q.cls, name: q.probability.name, column: q.probability.column }] : [],
      ),
    [info?.kind],
  )
  const perQueue = useMemo(() => declared.filter((q) => columns.includes(q.column)), [declared, columns])
  /** The operating point: each drawn probability in the latest row. */
  const [now, setNow] = useFrameState('')
  const chart = useTimeChart({
    label: 'p-time',
    store,
    view,
    box,
    extraKey: `${yMax}|${perQueue.length}`,
    draw: ({ ctx, vis, x, colours }) => {
      const { rows, tCol, from, to } = vis
      const pCol = rows.columnIndex('p')
      if (pCol < 0) return
      const yPx = (v: number) => box.margin.top + y(v)
      strokeColumn(ctx, vis, pCol, x, yPx, box.innerW, colours.purple, 2)
      const lines: Array<{ col: number; colour: string; name: string }> = [
        { col: pCol, colour: colours.purple, name: base ?? 'p' },
      ]
      let subMax = 0
      for (const q of perQueue) {
        const col = rows.columnIndex(q.column)
        if (col < 0) continue
        const colour = colours[classColours[q.cls].canvas]
        strokeColumn(ctx, vis, col, x, yPx, box.innerW, colour, 1.5)
        lines.push({ col, colour, name: q.name })
        subMax = Math.max(subMax, columnMax(rows, from, to, col))
      }
      // The operating point: a dot on each line at the latest sample.
      const values: Array<[string, string]> = []
      if (to > from && perQueue.length > 0) {
        const tNow = rows.at(to - 1, tCol)
        for (const l of lines) {
          const v = rows.at(to - 1, l.col)
          if (!Number.isFinite(v)) continue
          ctx.beginPath()
          ctx.arc(x(tNow), yPx(Math.min(v, yMax)), 3.5, 0, 2 * Math.PI)
          ctx.fillStyle = l.colour
          ctx.fill()
          values.push([l.name, formatValue(v)])
        }
      }
      const nowText = values.length > 0 ? JSON.stringify(values) : ''
      if (nowText !== now) setNow(nowText)
      if (since.current.kind !== info?.kind) since.current = { kind: info?.kind, t: vis.latest }
      // Decide only from a row sampled under this algorithm: before Play, or right after a switch while
      // paused, there is none yet, and PIE is not an algorithm "without a drop probability".
      const newest = to > from ? rows.at(to - 1, tCol) : -Infinity
      const any = newest > since.current.t ? Number.isFinite(rows.at(to - 1, pCol)) : true
      if (any !== hasP) setHasP(any)
      const next = stickyMax(yMax, queueDomainMax(Math.max(columnMax(rows, from, to, pCol), subMax), [], 0.01))
      if (next !== yMax) setYMax(next)
    },
  })
  const name = info === undefined ? '' : t(`algorithms.${info.kind}.name`, { ns: 'app', defaultValue: info.label })
  return (
    <TimeChartFrame
      chart={chart}
      bodyRef={bodyRef}
      testId="probability-curve"
      className="chart-curve"
      title={t('curve.title_time')}
      legend={
        <>
          <LegendItem
            colour="var(--c-series-5)"
            label={declared.length > 0 ? t('subqueue.p_base', { name: symbol(t, base ?? 'p') }) : t('curve.p_time')}
          />
          {perQueue.map((q) => (
            <LegendItem
              key={q.column}
              colour={classColours[q.cls].css}
              label={t('subqueue.p_queue', { name: symbol(t, q.name), queue: t(`subqueue.${q.cls}`) })}
            />
          ))}
          {perQueue.length > 0 && (
            <li className="legend-help">
              <Help term={t('l4s.terms.coupling')} text={t('l4s.help.coupling')} />
            </li>
          )}
          {perQueue.length > 0 && now !== '' && (
            <li className="legend-note" data-testid="probability-now">
              {t('subqueue.operating', {
                values: (JSON.parse(now) as Array<[string, string]>)
                  .map(([n, v]) => `${symbol(t, n)} = ${v}`)
                  .join(' · '),
              })}
            </li>
          )}
        </>
      }
      plot={{ y, yLabel: t('curve.axis_p_linear'), ariaLabel: t('curve.aria_time', { label: name }) }}
      overlay={!hasP && <p className="chart-note">{t('curve.none', { label: name })}</p>}
    />
  )
}

/** A state entry's symbol in the reader's words (p_prime → p′), its name where there is none. */
function symbol(t: (key: string, opts?: Record<string, unknown>) => string, name: string): string {
  return t(`subqueue.symbols.${name}`, { defaultValue: name })
}
