// The rest of the lab's chart set for one Compare side, folded away by default: the drop-probability
// curve, congestion windows, per-flow throughput and fairness, on the comparison's shared time window.
// Drawn only while open, so closed sides cost nothing per frame.
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { chart, type ChartContext } from '../chartset/chartTable'

/** The side's chart context but the flow picked on the charts, which is this fold's own. */
type MoreChartsProps = Omit<ChartContext, 'highlight' | 'onHighlight'>

export function MoreCharts(p: MoreChartsProps) {
  const { t } = useTranslation('teach')
  const [open, setOpen] = useState(false)
  const [highlight, setHighlight] = useState<number | null>(null)
  const c: ChartContext = { ...p, highlight, onHighlight: setHighlight }
  return (
    <details
      className="compare-collapsible"
      data-testid="compare-more-charts"
      onToggle={(e) => setOpen(e.currentTarget.open)}
    >
      <summary>{t('replicate.more_charts')}</summary>
      {open && (
        <>
          {chart('curve', 'compare', c)}
          {chart('cwnd', 'compare', c)}
          {chart('throughput', 'compare', c)}
          {chart('fairness', 'compare', c)}
        </>
      )}
    </details>
  )
}
