// The charts an embed asked for, each as the full lab draws it, sharing one time window.
import { useState } from 'react'
import type { SimSnapshot, SimStore } from '../engine/store'
import { CwndChart } from '../charts/CwndChart'
import { DelayChart } from '../charts/DelayChart'
import { FairnessChart } from '../charts/FairnessChart'
import { ProbabilityCurve } from '../charts/ProbabilityCurve'
import { QueueChart } from '../charts/QueueChart'
import { Readouts } from '../charts/Readouts'
import { FlowResults, RunCdf } from '../results/RunResults'
import { queueScaleProps } from '../charts/thresholds'
import { ThroughputBars } from '../charts/ThroughputBars'
import { SystemView } from '../system/SystemView'
import { TimeViewStore } from '../charts/timeWindow'
import type { EmbedViewName } from '../scenario/embedViews'
import { NO_FLOWS } from '../scenario/running'
import '../charts/charts.css'

interface EmbedChartsProps {
  store: SimStore
  snapshot: SimSnapshot
  views: EmbedViewName[]
}

export function EmbedCharts({ store, snapshot, views }: EmbedChartsProps) {
  const [view] = useState(() => new TimeViewStore())
  const [highlight, setHighlight] = useState<number | null>(null)
  const { running, aqm, errors, columns } = snapshot
  const flows = running?.flows ?? NO_FLOWS
  const common = { store, view }
  const queueProps = queueScaleProps(snapshot)
  const { info } = queueProps

  const chart = (name: EmbedViewName) => {
    switch (name) {
      case 'system':
        return <SystemView store={store} running={running} aqm={aqm} />
      case 'queue':
        return <QueueChart {...common} {...queueProps} />
      case 'curve':
        return <ProbabilityCurve {...common} {...queueProps} />
      case 'cwnd':
        return (
          <CwndChart
            {...common}
            flows={flows}
            colourBy="flow"
            showSum={false}
            highlight={highlight}
            onHighlight={setHighlight}
            tools={null}
          />
        )
      case 'throughput':
        return (
          <ThroughputBars
            {...common}
            flows={flows}
            linkMbps={running?.link?.rateMbps ?? null}
            colourBy="flow"
            highlight={highlight}
            onHighlight={setHighlight}
          />
        )
      case 'fairness':
        return <FairnessChart {...common} />
      case 'delay':
        return <DelayChart {...common} info={info} aqm={aqm} columns={columns} errors={errors} />
      case 'readouts':
        return <Readouts store={store} />
      case 'flows':
        return <FlowResults store={store} />
      case 'cdf':
        return <RunCdf store={store} />
    }
  }
  return (
    <div className="embed-charts charts-panel">
      {views.map((name) => (
        <div key={name} className="embed-chart">
          {chart(name)}
        </div>
      ))}
    </div>
  )
}
