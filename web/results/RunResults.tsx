// The results of one run, under the live charts: the per-flow table and the delay CDF, inside a
// collapsible section so the lab still fits one screen. Both read the engine's summary, which the worker
// sends about once a second while playing and after a step or pause.
import { memo, useSyncExternalStore } from 'react'
import { useTranslation } from 'react-i18next'
import type { SimStore } from '../engine/store'
import { DelayCdf } from './DelayCdf'
import { PerFlowTable } from './PerFlowTable'
import './results.css'

export function useRunSummary(store: SimStore) {
  return useSyncExternalStore(store.subscribe, () => store.getSnapshot().summary)
}

/** The per-flow table alone (embeds: `views=flows`). */
export function FlowResults({ store, testId, caption }: { store: SimStore; testId?: string; caption?: string }) {
  const { t } = useTranslation('charts')
  const summary = useRunSummary(store)
  if (summary === null || !(summary.measured_to_s > summary.measured_from_s)) {
    return <p className="muted">{t('results.waiting')}</p>
  }
  return <PerFlowTable flows={summary.flows ?? []} testId={testId} caption={caption} />
}

/** The delay CDF of one run (embeds: `views=cdf`). */
export function RunCdf({ store }: { store: SimStore }) {
  const summary = useRunSummary(store)
  const { t } = useTranslation('charts')
  return (
    <DelayCdf
      series={[
        {
          label: t('results.this_run'),
          colour: 'var(--c-series-1)',
          histogram: summary?.delay_histogram,
          percentiles: summary?.delay_ms ?? {},
        },
      ]}
    />
  )
}

/** Memoised: the lab re-renders with every frame, these only when a new summary arrives. */
export const RunResults = memo(function RunResults({ store }: { store: SimStore }) {
  const { t } = useTranslation('charts')
  return (
    <details className="run-results" data-testid="run-results">
      <summary>{t('results.section')}</summary>
      <div className="run-results-body">
        <FlowResults store={store} />
        <RunCdf store={store} />
      </div>
    </details>
  )
})
