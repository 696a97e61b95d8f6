// The charts an embed asked for, each as the full lab draws it (web/chartset/chartTable.tsx), sharing one time
// window.
import { useState } from 'react'
import type { SimSnapshot, SimStore } from '../engine/store'
import { queueScaleProps } from '../charts/queueScale'
import { TimeViewStore } from '../charts/timeWindow'
import { chart } from '../chartset/chartTable'
import type { EmbedViewName } from '../scenario/embedViews'
import '../charts/charts.css'

interface EmbedChartsProps {
  store: SimStore
  snapshot: SimSnapshot
  views: EmbedViewName[]
}

export function EmbedCharts({ store, snapshot, views }: EmbedChartsProps) {
  const [view] = useState(() => new TimeViewStore())
  const [highlight, setHighlight] = useState<number | null>(null)
  const { running, columns } = snapshot
  const c = { store, view, ...queueScaleProps(snapshot), columns, running, highlight, onHighlight: setHighlight }
  return (
    <div className="embed-charts charts-panel">
      {views.map((name) => (
        <div key={name} className="embed-chart">
          {chart(name, 'embed', c)}
        </div>
      ))}
    </div>
  )
}
