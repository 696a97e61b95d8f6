// Every live chart in one compact grid: the queue with the drop-probability curve beside it, the
// congestion windows with the per-flow throughput, fairness/utilisation with delay/drops; a
// toolbar for the shared time window, the latest values and the run's summary above. Memoised: its props change only
// when the running scenario (one frozen value per scenario), the algorithm or an error does; the charts redraw from the frame loop.
import { memo, useEffect, useMemo, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { CapacityLegend as CapacityLegendAlways } from './CapacityLegend'
import type { AlgorithmInfo, AqmConfig } from '../engine/protocol'
import type { ShownError, SimStore } from '../engine/store'
import { CwndChart as CwndChartAlways } from './CwndChart'
import { DelayChart as DelayChartAlways } from './DelayChart'
import { FairnessChart as FairnessChartAlways } from './FairnessChart'
import type { ColourBy } from './flows'
import { frameStats } from './frameLoop'
import { ProbabilityCurve } from './ProbabilityCurve'
import { QueueChart, type QueueSketch } from './QueueChart'
import { Readouts as ReadoutsAlways } from './Readouts'
import { RunSummaryReadout as RunSummaryReadoutAlways } from './RunSummaryReadout'
import { queueScale } from './thresholds'
import { ThroughputBars as ThroughputBarsAlways } from './ThroughputBars'
import { TimeControls as TimeControlsAlways } from './TimeControls'
import { TimeViewStore } from './timeWindow'
import { frameWhen, installChartsTestApi } from './testApi'
import { NO_FLOWS, type RunningScenario } from '../scenario/running'
import './charts.css'

// The panel renders again when the algorithm or one of its parameters changes (a dragged threshold): the
// parts that do not show the AQM's settings keep their props and skip that render, so the engine's answer to
// a drag reaches the screen sooner.
const CapacityLegend = memo(CapacityLegendAlways)
const CwndChart = memo(CwndChartAlways)
const DelayChart = memo(DelayChartAlways)
const FairnessChart = memo(FairnessChartAlways)
const Readouts = memo(ReadoutsAlways)
const RunSummaryReadout = memo(RunSummaryReadoutAlways)
const ThroughputBars = memo(ThroughputBarsAlways)
const TimeControls = memo(TimeControlsAlways)

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

  const flows = running?.flows ?? NO_FLOWS
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
  const common = { store, view }
  // What the queue chart and the probability curve both draw from.
  const queueProps = { info, aqm, queueUnit, bufferLimit, errors }
  return (
    <section className="charts-panel" aria-label={t('panel.aria')}>
      <div className="charts-bar">
        <TimeControls view={view} store={store} />
        {/* Beside the window buttons, not on a row of its own: every chart stays on screen at 1280×720. */}
        {barTools}
        <Readouts store={store} />
        <RunSummaryReadout store={store} />
        <CapacityLegend store={store} columns={columns} />
      </div>
      <QueueChart {...common} {...queueProps} sketch={sketch} />
      <ProbabilityCurve {...common} {...queueProps} />
      <CwndChart
        {...common}
        flows={flows}
        colourBy={colourBy}
        showSum={showSum}
        highlight={highlight}
        onHighlight={setHighlight}
        tools={cwndTools}
      />
      <ThroughputBars
        {...common}
        flows={flows}
        linkMbps={running?.link?.rateMbps ?? null}
        colourBy={colourBy}
        highlight={highlight}
        onHighlight={setHighlight}
      />
      <FairnessChart {...common} />
      <DelayChart {...common} info={info} aqm={aqm} columns={columns} errors={errors} />
    </section>
  )
})
