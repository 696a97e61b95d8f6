// The rest of the lab's chart set for one Compare side, folded away by default: the drop-probability
// curve, congestion windows, per-flow throughput and fairness, on the comparison's shared time window.
// Drawn only while open, so closed sides cost nothing per frame.
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { CwndChart } from '../charts/CwndChart'
import { FairnessChart } from '../charts/FairnessChart'
import type { ColourBy } from '../charts/flows'
import { ProbabilityCurve } from '../charts/ProbabilityCurve'
import { ThroughputBars } from '../charts/ThroughputBars'
import type { TimeViewStore } from '../charts/timeWindow'
import type { AlgorithmInfo, AqmConfig } from '../engine/protocol'
import type { ShownError, SimStore } from '../engine/store'
import { NO_FLOWS, type RunningScenario } from '../scenario/running'

interface MoreChartsProps {
  store: SimStore
  view: TimeViewStore
  running: RunningScenario | null
  info: AlgorithmInfo | undefined
  aqm: AqmConfig | null
  queueUnit: string
  bufferLimit: number | null
  linkMbps: number | null
  errors: Record<string, ShownError>
}

export function MoreCharts(p: MoreChartsProps) {
  const { t } = useTranslation('teach')
  const [open, setOpen] = useState(false)
  const [highlight, setHighlight] = useState<number | null>(null)
  const colourBy: ColourBy = 'flow'
  const flows = p.running?.flows ?? NO_FLOWS
  const common = { store: p.store, view: p.view }
  return (
    <details
      className="compare-collapsible"
      data-testid="compare-more-charts"
      onToggle={(e) => setOpen(e.currentTarget.open)}
    >
      <summary>{t('replicate.more_charts')}</summary>
      {open && (
        <>
          <ProbabilityCurve
            {...common}
            info={p.info}
            aqm={p.aqm}
            queueUnit={p.queueUnit}
            bufferLimit={p.bufferLimit}
            errors={p.errors}
          />
          <CwndChart
            {...common}
            flows={flows}
            colourBy={colourBy}
            showSum={false}
            highlight={highlight}
            onHighlight={setHighlight}
            tools={null}
          />
          <ThroughputBars
            {...common}
            flows={flows}
            linkMbps={p.linkMbps}
            colourBy={colourBy}
            highlight={highlight}
            onHighlight={setHighlight}
          />
          <FairnessChart {...common} />
        </>
      )}
    </details>
  )
}
