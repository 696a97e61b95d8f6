// The results of one run: the per-flow table and the delay CDF, in a dialog the lab's header opens (and
// alone in embeds). Both read the engine's summary, which the worker sends about once a second while
// playing and after a step or pause.
import { memo, useEffect, useId, useRef, useState, useSyncExternalStore } from 'react'
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
  const running = useSyncExternalStore(store.subscribe, () => store.getSnapshot().running)
  if (summary === null || !(summary.measured_to_s > summary.measured_from_s)) {
    return <p className="muted">{t('results.waiting')}</p>
  }
  return (
    <>
      <PerFlowTable flows={summary.flows ?? []} ecn={running?.flows} testId={testId} caption={caption} />
      <p className="muted results-window">
        {t('results.window_run', { from: summary.measured_from_s.toFixed(0), to: summary.measured_to_s.toFixed(1) })}
      </p>
    </>
  )
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

/**
 * The lab's "Results" button and the dialog it opens with the per-flow table and the delay CDF. A modal
 * dialog, so the live charts keep their layout; its content renders only while it is open (memoised: the
 * lab re-renders with every frame, this only when it opens or a new summary arrives).
 */
export const RunResults = memo(function RunResults({ store }: { store: SimStore }) {
  const { t } = useTranslation('charts')
  const [open, setOpen] = useState(false)
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  useEffect(() => {
    const d = ref.current
    if (d === null) return
    if (open && !d.open) d.showModal()
    if (!open && d.open) d.close()
  }, [open])
  return (
    <>
      <button type="button" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {t('results.open')}
      </button>
      <dialog
        ref={ref}
        className="results-dialog"
        aria-labelledby={titleId}
        onClose={() => setOpen(false)}
        data-testid="run-results"
      >
        <div className="results-dialog-head">
          <h2 id={titleId}>{t('results.section')}</h2>
          <button type="button" onClick={() => setOpen(false)}>
            {t('results.close')}
          </button>
        </div>
        {open && (
          <div className="run-results-body">
            <FlowResults store={store} />
            <RunCdf store={store} />
          </div>
        )}
      </dialog>
    </>
  )
})
