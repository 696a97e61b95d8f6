// The engine's summary of the whole run since its warm-up, in one compact row under the latest
// values: mean queue, the global-synchronisation index as its excess over chance, Jain's index,
// utilisation (wire bytes), goodput (payload bytes) and the drops (and marks) by cause. The worker sends it about once a second while
// playing and after a step or a pause, so React re-renders this row only then.
import { useSyncExternalStore } from 'react'
import { useTranslation } from 'react-i18next'
import * as d3 from 'd3'
import type { RunSummary } from '../engine/protocol'
import type { SimStore } from '../engine/store'

const fmt = {
  queue: d3.format(',.1f'),
  excess: d3.format('+.2f'),
  index: d3.format('.2f'),
  jain: d3.format('.3f'),
  util: d3.format('.1%'),
  mbps: d3.format(',.3~f'),
  count: d3.format(',.0f'),
}

const shown = (f: (v: number) => string, v: number) => (Number.isFinite(v) ? f(v) : '–')

/** Whether the summary covers any measured time yet (the warm-up is over). */
export function measuring(s: RunSummary): boolean {
  return s.measured_to_s > s.measured_from_s
}

function Causes({ counts, reason }: { counts: Record<string, number>; reason: (r: string) => string }) {
  const entries = Object.entries(counts).filter(([, n]) => n > 0)
  if (entries.length === 0) return <>0</>
  return <>{entries.map(([r, n]) => `${reason(r)} ${fmt.count(n)}`).join(' · ')}</>
}

export function RunSummaryReadout({ store }: { store: SimStore }) {
  const { t } = useTranslation('charts')
  const summary = useSyncExternalStore(store.subscribe, () => store.getSnapshot().summary)
  const reason = (r: string) => t(`reasons.${r}`, { defaultValue: r })
  const title = (
    <dt className="run-summary-title">
      {summary === null ? t('summary.title') : t('summary.title_since', { s: fmt.count(summary.measured_from_s) })}
    </dt>
  )
  if (summary === null || !measuring(summary)) {
    return (
      <dl className="chart-readouts run-summary" aria-label={t('summary.aria')} data-testid="run-summary">
        <div>
          {title}
          <dd className="muted">
            {summary === null ? t('summary.none') : t('summary.warming', { s: fmt.count(summary.measured_from_s) })}
          </dd>
        </div>
      </dl>
    )
  }
  const s = summary
  const syncTitle = t('summary.sync_help', { index: shown(fmt.index, s.sync.index), random: shown(fmt.index, s.sync.random) })
  const marked = Object.values(s.marks_by_reason).some((n) => n > 0)
  return (
    <dl className="chart-readouts run-summary" aria-label={t('summary.aria')} data-testid="run-summary">
      <div>{title}</div>
      <div>
        <dt>{t('summary.mean_queue')}</dt>
        <dd data-testid="summary-mean-queue">{t('summary.mean_queue_value', { v: shown(fmt.queue, s.mean_queue_pkts) })}</dd>
      </div>
      <div title={syncTitle}>
        <dt>{t('summary.sync')}</dt>
        <dd data-testid="summary-sync">{shown(fmt.excess, s.sync.excess)}</dd>
      </div>
      <div>
        <dt>{t('summary.jain')}</dt>
        <dd data-testid="summary-jain">{shown(fmt.jain, s.jain)}</dd>
      </div>
      <div>
        <dt>{t('summary.util')}</dt>
        <dd data-testid="summary-util">{shown(fmt.util, s.utilisation)}</dd>
      </div>
      <div title={t('summary.goodput_help', { wire: shown(fmt.mbps, s.total_goodput_mbps) })}>
        <dt>{t('summary.goodput')}</dt>
        <dd data-testid="summary-goodput">{t('summary.mbps_value', { v: shown(fmt.mbps, s.total_goodput_payload_mbps) })}</dd>
      </div>
      <div>
        <dt>{t('summary.drops')}</dt>
        <dd data-testid="summary-drops">
          <Causes counts={s.drops_by_reason} reason={reason} />
        </dd>
      </div>
      {marked && (
        <div>
          <dt>{t('summary.marks')}</dt>
          <dd data-testid="summary-marks">
            <Causes counts={s.marks_by_reason} reason={reason} />
          </dd>
        </div>
      )}
    </dl>
  )
}
