// The walk-through's charts, with the one the current step is about outlined and labelled "look here".
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { DelayChart } from '../charts/DelayChart'
import { QueueChart } from '../charts/QueueChart'
import { Readouts } from '../charts/Readouts'
import { bufferInUnit } from '../charts/thresholds'
import type { TimeViewStore } from '../charts/timeWindow'
import { bufferOf, linkOf } from '../engine/decode'
import type { SimSnapshot, SimStore } from '../engine/store'
import { queueUnitOf } from '../engine/units'
import { sideLabel } from '../presets/patch'
import { langOf, type Preset } from '../presets/types'
import { formatMetric, metricById, summaryValue, type SummaryJson } from '../sweep/summary'
import { metricLabel } from '../sweep/SweepForm'
import type { LessonStep } from './lessons'
import '../charts/charts.css'

interface WalkChartsProps {
  store: SimStore
  snapshot: SimSnapshot
  view: TimeViewStore
  highlight: LessonStep['highlight']
  summaries: (SummaryJson | null)[]
  /** The full-run table is shown only once the step that asks about it has been answered. */
  showSummary: boolean
  preset: Preset
}

function parse<T>(json: string, read: (s: string) => T): T | null {
  try {
    return json === '' ? null : read(json)
  } catch {
    return null
  }
}

const SUMMARY_METRICS = ['sync.excess', 'mean_queue_pkts', 'utilisation']

export function WalkCharts({ store, snapshot, view, highlight, summaries, showSummary, preset }: WalkChartsProps) {
  const { t, i18n } = useTranslation('teach')
  const lang = langOf(i18n.resolvedLanguage)
  const info = snapshot.algorithms.find((a) => a.kind === snapshot.aqm?.kind)
  const buffer = useMemo(() => parse(snapshot.scenario, bufferOf), [snapshot.scenario])
  const link = useMemo(() => parse(snapshot.scenario, linkOf), [snapshot.scenario])
  const queueUnit = queueUnitOf(buffer?.unit, snapshot.aqm)
  const bufferLimit = buffer === null ? null : bufferInUnit(buffer.size, buffer.unit, queueUnit === 'bytes' ? 'bytes' : 'packets', link?.meanPktSize ?? null)
  const spot = (name: NonNullable<LessonStep['highlight']>) =>
    highlight === name ? { className: 'walk-spot walk-highlight', 'aria-describedby': `look-${name}` } : { className: 'walk-spot' }
  const look = (name: NonNullable<LessonStep['highlight']>) =>
    highlight === name ? (
      <p id={`look-${name}`} className="walk-look" data-testid="walk-look">
        {t(`walk.look_${name}`)}
      </p>
    ) : null
  return (
    <section className="walk-charts teach-charts" aria-label={t('walk.charts')}>
      <div {...spot('queue')} data-testid="walk-queue">
        {look('queue')}
        <QueueChart store={store} view={view} info={info} aqm={snapshot.aqm} queueUnit={queueUnit} bufferLimit={bufferLimit} errors={snapshot.errors} />
      </div>
      <div {...spot('delay')}>
        {look('delay')}
        <DelayChart store={store} view={view} info={info} aqm={snapshot.aqm} columns={snapshot.columns} errors={snapshot.errors} />
      </div>
      <Readouts store={store} />
      {showSummary && (
      <div {...spot('summary')} data-testid="walk-summary">
        {look('summary')}
        <table className="panel walk-summary">
          <caption>{t('walk.summary_caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('compare.metric')}</th>
              {[0, 1].map((k) => (
                <th key={k} scope="col">
                  {sideLabel(preset, k, lang)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {SUMMARY_METRICS.map((id) => {
              const m = metricById(id)
              if (m === undefined) return null
              return (
                <tr key={id}>
                  <th scope="row">{metricLabel(t, m)}</th>
                  {summaries.map((s, k) => (
                    <td key={k}>{s === null ? '…' : formatMetric(m, summaryValue(s, id))}</td>
                  ))}
                </tr>
              )
            })}
          </tbody>
        </table>
      </div>
      )}
    </section>
  )
}
