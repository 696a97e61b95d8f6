// The charts an embed asked for, each as the full lab draws it, sharing one time window.
import { useMemo, useState } from 'react'
import { bufferOf, linkOf } from '../engine/decode'
import type { SimSnapshot, SimStore } from '../engine/store'
import { queueUnitOf } from '../engine/units'
import { CwndChart } from '../charts/CwndChart'
import { DelayChart } from '../charts/DelayChart'
import { FairnessChart } from '../charts/FairnessChart'
import { flowsOf } from '../charts/flows'
import { ProbabilityCurve } from '../charts/ProbabilityCurve'
import { QueueChart } from '../charts/QueueChart'
import { Readouts } from '../charts/Readouts'
import { FlowResults, RunCdf } from '../results/RunResults'
import { bufferInUnit } from '../charts/thresholds'
import { ThroughputBars } from '../charts/ThroughputBars'
import { SystemView } from '../system/SystemView'
import { TimeViewStore } from '../charts/timeWindow'
import type { EmbedViewName } from '../scenario/embedViews'
import '../charts/charts.css'

function parse<T>(json: string, read: (s: string) => T): T | null {
  try {
    return json === '' ? null : read(json)
  } catch {
    return null
  }
}

interface EmbedChartsProps {
  store: SimStore
  snapshot: SimSnapshot
  views: EmbedViewName[]
}

export function EmbedCharts({ store, snapshot, views }: EmbedChartsProps) {
  const [view] = useState(() => new TimeViewStore())
  const [highlight, setHighlight] = useState<number | null>(null)
  const { scenario, aqm, errors, columns } = snapshot
  const info = snapshot.algorithms.find((a) => a.kind === aqm?.kind)
  const buffer = useMemo(() => parse(scenario, bufferOf), [scenario])
  const link = useMemo(() => parse(scenario, linkOf), [scenario])
  const flows = useMemo(() => flowsOf(scenario), [scenario])
  const queueUnit = queueUnitOf(buffer?.unit, aqm)
  const chartUnit = queueUnit === 'bytes' ? 'bytes' : 'packets'
  const bufferLimit = buffer === null ? null : bufferInUnit(buffer.size, buffer.unit, chartUnit, link?.meanPktSize ?? null)
  const common = { store, view }

  const chart = (name: EmbedViewName) => {
    switch (name) {
      case 'system':
        return <SystemView store={store} scenario={scenario} aqm={aqm} />
      case 'queue':
        return <QueueChart {...common} info={info} aqm={aqm} queueUnit={queueUnit} bufferLimit={bufferLimit} errors={errors} />
      case 'curve':
        return <ProbabilityCurve {...common} info={info} aqm={aqm} queueUnit={queueUnit} bufferLimit={bufferLimit} errors={errors} />
      case 'cwnd':
        return <CwndChart {...common} flows={flows} colourBy="flow" showSum={false} highlight={highlight} onHighlight={setHighlight} tools={null} />
      case 'throughput':
        return (
          <ThroughputBars {...common} flows={flows} linkMbps={link?.rateMbps ?? null} colourBy="flow" highlight={highlight} onHighlight={setHighlight} />
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
