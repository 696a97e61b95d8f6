// The engine's summary of the whole run since its warm-up, in one compact row under the latest
// values: mean queue, the global-synchronisation index as its excess over chance, Jain's index,
// utilisation (wire bytes), goodput (payload bytes, with a word when it counts data released from before the
// warm-up) and the drops (and marks) by cause. The worker sends it about once a second while
// playing and after a step or a pause, so React re-renders this row only then.
import { useState, useSyncExternalStore } from 'react'
import { useTranslation } from 'react-i18next'
import { algorithmName } from '../i18n/names'
import { Help } from './Help'
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

/**
 * Whether the in-order goodput counts data that crossed the link before the warm-up and was released inside
 * the window (it waited behind a loss): more than 1 % above the payload counted as it arrived, which never
 * exceeds the capacity. In a short window after losses the in-order figure can exceed the capacity.
 */
export function released(s: RunSummary): boolean {
  const received = s.total_received_payload_mbps ?? Number.NaN
  return Number.isFinite(received) && s.total_goodput_payload_mbps > 1.01 * received
}

/** Whether the summary covers any measured time yet (the warm-up is over). */
export function measuring(s: RunSummary): boolean {
  return s.measured_to_s > s.measured_from_s
}

function Causes({ counts, reason }: { counts: Record<string, number>; reason: (r: string) => string }) {
  const entries = Object.entries(counts).filter(([, n]) => n > 0)
  if (entries.length === 0) return <>0</>
  return <>{entries.map(([r, n]) => `${reason(r)} ${fmt.count(n)}`).join(' · ')}</>
}

/**
 * The algorithms a run's measured part has run under. A switch keeps the simulation (and so its summary)
 * going, so a summary after RED → CoDel covers both; the row then says so instead of crediting CoDel alone.
 */
function useMeasuredKinds(store: SimStore, summary: RunSummary | null): string[] {
  const epoch = useSyncExternalStore(store.subscribe, () => store.getSnapshot().epoch)
  const kind = useSyncExternalStore(store.subscribe, () => store.getSnapshot().aqm?.kind ?? '')
  const active = summary !== null && measuring(summary)
  const [seen, setSeen] = useState<{ epoch: number; kinds: string[] }>({ epoch, kinds: [] })
  const kinds = seen.epoch === epoch ? seen.kinds : []
  // Derived while rendering (React's "adjusting state when a prop changes"): at most one extra render.
  if (active && kind !== '' && !kinds.includes(kind)) setSeen({ epoch, kinds: [...kinds, kind] })
  else if (seen.epoch !== epoch) setSeen({ epoch, kinds })
  return kinds
}

export function RunSummaryReadout({ store }: { store: SimStore }) {
  const { t } = useTranslation('charts')
  const { t: tApp } = useTranslation('app')
  const summary = useSyncExternalStore(store.subscribe, () => store.getSnapshot().summary)
  const algorithms = useSyncExternalStore(store.subscribe, () => store.getSnapshot().algorithms)
  const kinds = useMeasuredKinds(store, summary)
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
  const syncTitle = t('summary.sync_help', {
    index: shown(fmt.index, s.sync.index),
    random: shown(fmt.index, s.sync.random),
  })
  const marked = Object.values(s.marks_by_reason).some((n) => n > 0)
  const names = kinds.map((k) => algorithmName(tApp, algorithms.find((a) => a.kind === k) ?? { kind: k, label: k }))
  return (
    <dl className="chart-readouts run-summary" aria-label={t('summary.aria')} data-testid="run-summary">
      <div>{title}</div>
      {names.length > 1 && (
        <div>
          <dt>{t('summary.covers')}</dt>
          <dd data-testid="summary-covers">{names.join(' → ')}</dd>
        </div>
      )}
      <div>
        <dt>{t('summary.mean_queue')}</dt>
        <dd data-testid="summary-mean-queue">
          {t('summary.mean_queue_value', { v: shown(fmt.queue, s.mean_queue_pkts) })}
        </dd>
      </div>
      <div>
        <dt>
          {t('summary.sync')} <Help term={t('summary.sync')} text={syncTitle} />
        </dt>
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
        <dd data-testid="summary-goodput">
          {t('summary.mbps_value', { v: shown(fmt.mbps, s.total_goodput_payload_mbps) })}
          {released(s) && (
            <span className="muted summary-note" data-testid="summary-goodput-released">
              {t('summary.goodput_released', {
                released: shown(fmt.mbps, s.total_goodput_payload_mbps - (s.total_received_payload_mbps ?? 0)),
                received: shown(fmt.mbps, s.total_received_payload_mbps ?? Number.NaN),
              })}
            </span>
          )}
        </dd>
      </div>
      {(['drops', ...(marked ? ['marks' as const] : [])] as const).map((k) => (
        <div key={k}>
          <dt>{t(`summary.${k}_since`, { s: fmt.count(s.measured_from_s) })}</dt>
          <dd data-testid={`summary-${k}`}>
            <Causes counts={s[`${k}_by_reason`]} reason={reason} />
          </dd>
        </div>
      ))}
    </dl>
  )
}
