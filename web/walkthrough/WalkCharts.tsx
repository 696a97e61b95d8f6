// The walk-through's charts, with the one the current step is about outlined and labelled "look here".
import { useTranslation } from 'react-i18next'
import type { QueueSketch } from '../charts/QueueChart'
import { SketchBar } from '../charts/sketch/SketchBar'
import { chart } from '../chartset/chartTable'
import { queueScaleProps } from '../charts/queueScale'
import type { TimeViewStore } from '../charts/timeWindow'
import type { SimSnapshot, SimStore } from '../engine/store'
import { sideLabel, sideScenario } from '../catalog/patch'
import { langOf, type Preset } from '../catalog/types'
import { formatMetric, metricById, type Metric, type SummaryJson } from '../engine/summary'
import { metricLabel } from '../runs/metricLabel'
import type { LessonStep } from './lessons'
import { lessonValue } from './measure'
import { bytePacketSize, inTableUnit } from './tableUnits'
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
  /** The preset sides the summaries belong to, in order. */
  sides: number[]
  /** Summary metrics of the table (default SUMMARY_METRICS). */
  table?: string[]
  /** The step's prediction by sketch (web/charts/sketch/): drawn on the queue chart before its run. */
  sketch?: QueueSketch
  /** Shown with the sketch's score: the step's explanation. */
  explanation?: string
  /** Told the sketch's score once the run has covered it (the LMS's raw score counts it). */
  onSketchScore?(id: string, score: number): void
}

const SUMMARY_METRICS = ['sync.excess', 'mean_queue_pkts', 'utilisation']
/** A flow's share of the goodput, shown in % (lessonValue's `share.N`). */
const SHARE: Metric = { id: 'share', key: 'share', scale: 100, digits: 1, better: 'neither' }

export function WalkCharts({
  store,
  snapshot,
  view,
  highlight,
  summaries,
  showSummary,
  preset,
  sides,
  table,
  sketch,
  explanation,
  onSketchScore,
}: WalkChartsProps) {
  const { t, i18n } = useTranslation('teach')
  const lang = langOf(i18n.resolvedLanguage)
  // Queue rows in KB where the sides' buffer is in bytes (tableUnits.ts).
  const packetBytes = bytePacketSize(sides.map((k) => sideScenario(preset, k)))
  const c = {
    store,
    view,
    ...queueScaleProps(snapshot),
    columns: snapshot.columns,
    running: snapshot.running,
    highlight: null,
    onHighlight: () => {},
    sketch,
  }
  const spot = (name: NonNullable<LessonStep['highlight']>) =>
    highlight === name
      ? { className: 'walk-spot walk-highlight', 'aria-describedby': `look-${name}` }
      : { className: 'walk-spot' }
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
        {sketch && (
          <SketchBar
            sketches={sketch.store}
            id={sketch.id}
            sim={store}
            explanation={explanation}
            onScore={onSketchScore}
          />
        )}
        {chart('queue', 'lesson', c)}
      </div>
      <div {...spot('delay')}>
        {look('delay')}
        {chart('delay', 'lesson', c)}
      </div>
      {chart('readouts', 'lesson', c)}
      {showSummary && (
        <div {...spot('summary')} data-testid="walk-summary">
          {look('summary')}
          <table className="panel walk-summary" data-testid="walk-summary-table">
            <caption>{t('walk.summary_caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('compare.metric')}</th>
                {sides.map((k) => (
                  <th key={k} scope="col">
                    {sideLabel(preset, k, lang)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {(table ?? SUMMARY_METRICS).map((id) => {
                const share = /^share\.(\d+)$/.exec(id)
                const found = share === null ? metricById(id) : SHARE
                if (found === undefined) return null
                const m = inTableUnit(found, packetBytes)
                return (
                  <tr key={id}>
                    <th scope="row">
                      {share === null ? metricLabel(t, m) : t('lessons.share', { n: Number(share[1]) + 1 })}
                    </th>
                    {summaries.map((s, k) => (
                      <td key={k}>{s === null ? '…' : formatMetric(m, lessonValue(s, id))}</td>
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
