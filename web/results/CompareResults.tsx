// Results in Compare: each side's per-flow table (collapsible, in its pane) and one delay CDF with a line
// per side. Both read the sides' whole-run summaries, the same ones the difference table compares.
import { memo } from 'react'
import { useTranslation } from 'react-i18next'
import { seriesVars } from '../charts/palette'
import { DelayCdf } from './DelayCdf'
import { parseFlowResults, parseHistogram } from '../engine/resultsModel'
import { PerFlowTable, type FlowEcn } from './PerFlowTable'
import './results.css'

/** The engine's whole summary JSON, as the compare pool and the sweep read it. */
type SummaryJson = { readonly [key: string]: unknown }

const field = (x: unknown, key: string): unknown =>
  typeof x === 'object' && x !== null && key in x ? Object.getOwnPropertyDescriptor(x, key)?.value : undefined
const num = (x: unknown) => (typeof x === 'number' ? x : Number.NaN)

/** Memoised: the pane re-renders with every frame, the table only when its side's summary arrives. */
export const SideFlowResults = memo(function SideFlowResults({
  summary,
  index,
  label,
  ecn,
}: {
  summary: SummaryJson | null | undefined
  index: number
  label: string
  /** Each flow's codepoint and feedback (the side's scenario, web/scenario/running.ts): two more columns. */
  ecn?: readonly FlowEcn[]
}) {
  const { t } = useTranslation('charts')
  return (
    <details className="compare-results" data-testid={`compare-results-${index}`}>
      <summary>{t('results.compare_section')}</summary>
      {summary ? (
        <>
          <PerFlowTable
            flows={parseFlowResults(field(summary, 'flows'))}
            ecn={ecn}
            testId={`per-flow-table-${index}`}
            caption={`${t('results.table_title')}: ${label}`}
          />
          <p className="muted results-window">{t('results.window_compare')}</p>
        </>
      ) : (
        <p className="muted">{t('results.waiting')}</p>
      )}
    </details>
  )
})

export function CompareCdf({
  summaries,
  labels,
}: {
  summaries: readonly (SummaryJson | null)[]
  labels: readonly string[]
}) {
  const { t } = useTranslation('charts')
  const series = summaries.map((s, i) => {
    const d = field(s, 'delay_ms')
    return {
      label: `${String.fromCharCode(65 + i)}: ${labels[i] ?? ''}`,
      colour: seriesVars[i % seriesVars.length],
      histogram: parseHistogram(field(s, 'delay_histogram')) ?? undefined,
      percentiles: { p50: num(field(d, 'p50')), p95: num(field(d, 'p95')), p99: num(field(d, 'p99')) },
    }
  })
  return (
    <section className="panel compare-cdf" aria-label={t('results.compare_cdf_title')}>
      <DelayCdf series={series} testId="compare-cdf" />
      <p className="muted results-window">{t('results.window_compare')}</p>
    </section>
  )
}
