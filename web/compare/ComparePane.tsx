// One side of a comparison: its label and algorithm, the queue and delay charts on the shared time
// window, and the latest values.
import { useSyncExternalStore } from 'react'
import { useTranslation } from 'react-i18next'
import { chart } from '../chartset/chartTable'
import { queueScaleProps } from '../charts/queueScale'
import type { TimeViewStore } from '../charts/timeWindow'
import { algorithmName } from '../i18n/names'
import { SideFlowResults } from '../results/CompareResults'
import { QueueCounts } from '../results/QueueCounts'
import type { Side } from '../engine/side'
import { MoreCharts } from './MoreCharts'
import '../charts/charts.css'

interface ComparePaneProps {
  side: Side
  index: number
  label: string
  view: TimeViewStore
  /** Removes this side from the comparison; absent when it is one of the last two. */
  onRemove?: () => void
  /** The side's whole-run summary (engine JSON, its first run) for its per-flow table; null until it is done. */
  summary?: { readonly [key: string]: unknown } | null
}

export function ComparePane({ side, index, label, view, onRemove, summary }: ComparePaneProps) {
  const { t } = useTranslation('teach')
  const { t: tApp } = useTranslation()
  const { store } = side
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot)
  const queueProps = queueScaleProps(snapshot)
  const { info } = queueProps
  // The queue and delay charts and the read-outs; the flow picked on the charts belongs to the folded set.
  const charts = { store, view, ...queueProps, columns: snapshot.columns, running: snapshot.running }
  const c = { ...charts, highlight: null, onHighlight: () => {} }
  const ready = side.onScenario()
  return (
    <section
      className="panel compare-pane teach-charts"
      aria-label={label}
      data-testid={`compare-side-${index}`}
      data-ready={ready}
    >
      <header className="compare-pane-head">
        <h2>
          <span className="side-letter" aria-hidden="true">
            {String.fromCharCode(65 + index)}
          </span>{' '}
          {label}
        </h2>
        <span className="muted">{info === undefined ? (snapshot.aqm?.kind ?? '') : algorithmName(tApp, info)}</span>
        {onRemove !== undefined && (
          <button
            type="button"
            className="compare-remove"
            onClick={onRemove}
            aria-label={t('replicate.remove_side', { side: String.fromCharCode(65 + index), label })}
          >
            {t('replicate.remove')}
          </button>
        )}
      </header>
      {!ready && <p className="muted">{t('compare.starting')}</p>}
      {chart('queue', 'compare', c)}
      {chart('delay', 'compare', c)}
      {chart('readouts', 'compare', c)}
      <MoreCharts {...charts} />
      <QueueCounts
        kind={snapshot.aqm?.kind}
        state={store.live().aqmState}
        simTime={store.live().simTime}
        testId={`queue-counts-${index}`}
      />
      <SideFlowResults summary={summary} index={index} label={label} ecn={snapshot.running?.flows} />
    </section>
  )
}
