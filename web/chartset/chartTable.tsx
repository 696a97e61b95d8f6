// The page's one table of charts: name → component, label key, which views may show it. The lab
// (charts/ChartsPanel is handed the lab's layout), the embed, compare and the lessons each lay out names from
// it and pass one context, instead of wiring each chart's props themselves. The names are the embed's
// (scenario/embedViews.ts), so a link's `views=` and the table cannot drift apart.
import { memo, type ReactNode } from 'react'
import { CwndChart as CwndChartAlways } from '../charts/CwndChart'
import { DelayChart as DelayChartAlways } from '../charts/DelayChart'
import { FairnessChart as FairnessChartAlways } from '../charts/FairnessChart'
import type { ColourBy } from '../charts/flows'
import { ProbabilityCurve } from '../charts/ProbabilityCurve'
import { QueueChart, type QueueSketch } from '../charts/QueueChart'
import type { QueueScaleProps } from '../charts/queueScale'
import { Readouts as ReadoutsAlways } from '../charts/Readouts'
import { ThroughputBars as ThroughputBarsAlways } from '../charts/ThroughputBars'
import { FlowResults, RunCdf } from '../results/RunResults'
import type { EmbedViewName } from '../scenario/embedViews'
import { NO_FLOWS, type RunningScenario } from '../scenario/running'
import { SystemView } from '../system/SystemView'

// The parts that do not show the AQM's settings keep their props while a threshold is dragged and skip that
// render, so the engine's answer to a drag reaches the screen sooner.
const CwndChart = memo(CwndChartAlways)
const DelayChart = memo(DelayChartAlways)
const FairnessChart = memo(FairnessChartAlways)
const Readouts = memo(ReadoutsAlways)
const ThroughputBars = memo(ThroughputBarsAlways)

/** The views that show charts. */
export type ChartHost = 'lab' | 'embed' | 'compare' | 'lesson'
export type ChartName = EmbedViewName

/** Everything a chart of the table may draw from; each view fills it once. */
export interface ChartContext extends QueueScaleProps {
  columns: string[]
  running: RunningScenario | null
  /** The flow picked on the window and throughput charts. */
  highlight: number | null
  onHighlight(flow: number | null): void
  /** Lab only: the flow colouring, the cwnd sum, the cwnd toolbar, a predicted queue. */
  colourBy?: ColourBy
  showSum?: boolean
  cwndTools?: ReactNode
  sketch?: QueueSketch
}

interface ChartEntry {
  /** i18n key (share namespace) of its name, as the embed snippet lists it. */
  label: string
  /** The views that may show it. */
  hosts: readonly ChartHost[]
  render(c: ChartContext): ReactNode
}

const queueProps = (c: ChartContext): QueueScaleProps => ({
  store: c.store,
  view: c.view,
  info: c.info,
  aqm: c.aqm,
  queueUnit: c.queueUnit,
  bufferLimit: c.bufferLimit,
  errors: c.errors,
})

/** What the cwnd chart and the throughput bars both draw from: the running flows, coloured and picked alike. */
const flowProps = (c: ChartContext) => ({
  store: c.store,
  view: c.view,
  flows: c.running?.flows ?? NO_FLOWS,
  colourBy: c.colourBy ?? 'flow',
  highlight: c.highlight,
  onHighlight: c.onHighlight,
})

const EVERY: readonly ChartHost[] = ['lab', 'embed', 'compare', 'lesson']
const NOT_LESSON: readonly ChartHost[] = ['lab', 'embed', 'compare']

export const CHART_TABLE: Record<ChartName, ChartEntry> = {
  system: {
    label: 'embed.view.system',
    hosts: ['embed'],
    render: (c) => <SystemView store={c.store} running={c.running} aqm={c.aqm} />,
  },
  queue: {
    label: 'embed.view.queue',
    hosts: EVERY,
    render: (c) => <QueueChart {...queueProps(c)} sketch={c.sketch} />,
  },
  curve: {
    label: 'embed.view.curve',
    hosts: NOT_LESSON,
    render: (c) => <ProbabilityCurve {...queueProps(c)} />,
  },
  cwnd: {
    label: 'embed.view.cwnd',
    hosts: NOT_LESSON,
    render: (c) => <CwndChart {...flowProps(c)} showSum={c.showSum ?? false} tools={c.cwndTools ?? null} />,
  },
  throughput: {
    label: 'embed.view.throughput',
    hosts: NOT_LESSON,
    render: (c) => <ThroughputBars {...flowProps(c)} linkMbps={c.running?.link?.rateMbps ?? null} />,
  },
  fairness: {
    label: 'embed.view.fairness',
    hosts: NOT_LESSON,
    render: (c) => <FairnessChart store={c.store} view={c.view} />,
  },
  delay: {
    label: 'embed.view.delay',
    hosts: EVERY,
    render: (c) => (
      <DelayChart store={c.store} view={c.view} info={c.info} aqm={c.aqm} columns={c.columns} errors={c.errors} />
    ),
  },
  readouts: {
    label: 'embed.view.readouts',
    hosts: EVERY,
    render: (c) => <Readouts store={c.store} />,
  },
  flows: {
    label: 'embed.view.flows',
    hosts: ['embed'],
    render: (c) => <FlowResults store={c.store} />,
  },
  cdf: {
    label: 'embed.view.cdf',
    hosts: ['embed'],
    render: (c) => <RunCdf store={c.store} />,
  },
}

/** The chart `name` as `host` shows it; nothing where the table does not let that view show it. */
export function chart(name: ChartName, host: ChartHost, c: ChartContext): ReactNode {
  const entry = CHART_TABLE[name]
  return entry.hosts.includes(host) ? entry.render(c) : null
}
