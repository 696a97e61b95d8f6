// Every live chart in one compact grid: the queue with the drop-probability curve beside it, the
// congestion windows with the per-flow throughput, fairness/utilisation with delay/drops; a
// toolbar for the shared time window, the latest values and the run's summary above. Memoised: its props change only
// when the running scenario (one frozen value per scenario), the algorithm or an error does; the charts redraw from the frame loop.
import { Fragment, memo, useEffect, useMemo, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { CapacityLegend as CapacityLegendAlways } from '../charts/CapacityLegend'
import type { AlgorithmInfo, AqmConfig } from '../engine/protocol'
import type { ShownError, SimStore } from '../engine/store'
import type { ColourBy } from '../charts/flows'
import { frameStats } from '../charts/frameLoop'
import type { QueueSketch } from '../charts/QueueChart'
import { RunSummaryReadout as RunSummaryReadoutAlways } from '../charts/RunSummaryReadout'
import { queueScale } from '../charts/queueScale'
import { TimeControls as TimeControlsAlways } from '../charts/TimeControls'
import { TimeViewStore } from '../charts/timeWindow'
import { frameWhen, installChartsTestApi } from '../charts/testApi'
import type { RunningScenario } from '../scenario/running'
import { chart, CHART_TABLE, type ChartContext, type ChartName } from './chartTable'
import '../charts/charts.css'

// The panel renders again when the algorithm or one of its parameters changes (a dragged threshold): the
// parts that do not show the AQM's settings keep their props and skip that render (the table's charts too).
const CapacityLegend = memo(CapacityLegendAlways)
const RunSummaryReadout = memo(RunSummaryReadoutAlways)
const TimeControls = memo(TimeControlsAlways)

/** The lab's grid, in its order: every chart of the table the lab may show but the read-outs (in the bar). */
const LAB_GRID = (Object.keys(CHART_TABLE) as ChartName[]).filter(
  (name) => name !== 'readouts' && CHART_TABLE[name].hosts.includes('lab'),
)

interface ChartsPanelProps {
  store: SimStore
  info: AlgorithmInfo | undefined
  aqm: AqmConfig | null
  /** The running scenario, parsed once by the store: flows, link and buffer. */
  running: RunningScenario | null
  columns: string[]
  errors: Record<string, ShownError>
  /** A prediction to draw on the queue chart (web/charts/sketch/). */
  sketch?: QueueSketch
  /** More controls for the toolbar (the Predict button); keep the element stable, the panel is memoised. */
  barTools?: ReactNode
}

export const ChartsPanel = memo(function ChartsPanel({
  store,
  info,
  aqm,
  running,
  columns,
  errors,
  sketch,
  barTools,
}: ChartsPanelProps) {
  const { t } = useTranslation('charts')
  const [view] = useState(() => new TimeViewStore())
  const [colourBy, setColourBy] = useState<ColourBy>('flow')
  const [showSum, setShowSum] = useState(false)
  const [highlight, setHighlight] = useState<number | null>(null)
  useEffect(() => installChartsTestApi({ frameStats, frameWhen }), [])

  const { queueUnit, bufferLimit } = queueScale(running, aqm)

  const cwndTools = useMemo(
    () => (
      <>
        <span className="segmented" role="group" aria-label={t('cwnd.colour_by')}>
          {(['flow', 'variant'] as const).map((by) => (
            <button key={by} type="button" aria-pressed={colourBy === by} onClick={() => setColourBy(by)}>
              {t(`cwnd.by_${by}`)}
            </button>
          ))}
        </span>
        <label className="check">
          <input type="checkbox" checked={showSum} onChange={(e) => setShowSum(e.target.checked)} />
          {t('cwnd.sum_toggle')}
        </label>
      </>
    ),
    [t, colourBy, showSum],
  )
  const c: ChartContext = {
    store,
    view,
    info,
    aqm,
    queueUnit,
    bufferLimit,
    errors,
    columns,
    running,
    highlight,
    onHighlight: setHighlight,
    colourBy,
    showSum,
    cwndTools,
    sketch,
  }
  return (
    <section className="charts-panel" aria-label={t('panel.aria')}>
      <div className="charts-bar">
        <TimeControls view={view} store={store} />
        {/* Beside the window buttons, not on a row of its own: every chart stays on screen at 1280×720. */}
        {barTools}
        {chart('readouts', 'lab', c)}
        <RunSummaryReadout store={store} />
        <CapacityLegend store={store} columns={columns} />
      </div>
      {LAB_GRID.map((name) => (
        <Fragment key={name}>{chart(name, 'lab', c)}</Fragment>
      ))}
    </section>
  )
})
