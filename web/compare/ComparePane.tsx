// One side of a comparison: its label and algorithm, the queue and delay charts on the shared time
// window, and the latest values.
import { useMemo, useSyncExternalStore } from 'react'
import { useTranslation } from 'react-i18next'
import { DelayChart } from '../charts/DelayChart'
import { QueueChart } from '../charts/QueueChart'
import { Readouts } from '../charts/Readouts'
import { bufferInUnit } from '../charts/thresholds'
import type { TimeViewStore } from '../charts/timeWindow'
import { bufferOf, linkOf } from '../engine/decode'
import { queueUnitOf } from '../engine/units'
import { algorithmName } from '../i18n/names'
import { SideFlowResults } from '../results/CompareResults'
import type { Side } from '../engine/side'
import { MoreCharts } from './MoreCharts'
import '../charts/charts.css'

function parse<T>(json: string, read: (s: string) => T): T | null {
  try {
    return json === '' ? null : read(json)
  } catch {
    return null
  }
}

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
  const info = snapshot.algorithms.find((a) => a.kind === snapshot.aqm?.kind)
  const buffer = useMemo(() => parse(snapshot.scenario, bufferOf), [snapshot.scenario])
  const link = useMemo(() => parse(snapshot.scenario, linkOf), [snapshot.scenario])
  const queueUnit = queueUnitOf(buffer?.unit, snapshot.aqm)
  const chartUnit = queueUnit === 'bytes' ? 'bytes' : 'packets'
  const bufferLimit = buffer === null ? null : bufferInUnit(buffer.size, buffer.unit, chartUnit, link?.meanPktSize ?? null)
  const ready = side.onScenario()
  return (
    <section className="panel compare-pane teach-charts" aria-label={label} data-testid={`compare-side-${index}`} data-ready={ready}>
      <header className="compare-pane-head">
        <h2>
          <span className="side-letter" aria-hidden="true">
            {String.fromCharCode(65 + index)}
          </span>{' '}
          {label}
        </h2>
        <span className="muted">{info === undefined ? (snapshot.aqm?.kind ?? '') : algorithmName(tApp, info)}</span>
        {onRemove !== undefined && (
          <button type="button" className="compare-remove" onClick={onRemove} aria-label={t('replicate.remove_side', { side: String.fromCharCode(65 + index), label })}>
            {t('replicate.remove')}
          </button>
        )}
      </header>
      {!ready && <p className="muted">{t('compare.starting')}</p>}
      <QueueChart store={store} view={view} info={info} aqm={snapshot.aqm} queueUnit={queueUnit} bufferLimit={bufferLimit} errors={snapshot.errors} />
      <DelayChart store={store} view={view} info={info} aqm={snapshot.aqm} columns={snapshot.columns} errors={snapshot.errors} />
      <Readouts store={store} />
      <MoreCharts store={store} view={view} scenario={snapshot.scenario} info={info} aqm={snapshot.aqm} queueUnit={queueUnit} bufferLimit={bufferLimit} linkMbps={link?.rateMbps ?? null} errors={snapshot.errors} />
      <SideFlowResults summary={summary} index={index} label={label} />
    </section>
  )
}
