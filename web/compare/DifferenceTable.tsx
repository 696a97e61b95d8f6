// The difference summary: every metric over the whole run for each side, and each side's difference
// from side A, from the engine's own summaries (run to the scenario's duration in the worker pool).
import { useTranslation } from 'react-i18next'
import { metricLabel } from '../sweep/SweepForm'
import type { SummaryJson } from '../sweep/summary'
import { differenceRows } from './difference'

interface DifferenceTableProps {
  labels: string[]
  summaries: (SummaryJson | null)[]
  errors: (string | null)[]
  done: number
  duration: number
}

export function DifferenceTable({ labels, summaries, errors, done, duration }: DifferenceTableProps) {
  const { t } = useTranslation('teach')
  const complete = done === labels.length
  const rows = differenceRows(summaries)
  return (
    <section className="panel difference" aria-label={t('compare.summary')} data-testid="difference-summary" data-complete={complete}>
      <h2>{t('compare.summary')}</h2>
      <p className="muted">
        {complete ? t('compare.summary_over', { duration }) : t('compare.summary_running', { done, total: labels.length, duration })}
      </p>
      <div className="table-scroll">
        <table>
          <thead>
            <tr>
              <th scope="col">{t('compare.metric')}</th>
              {labels.map((l, k) => (
                <th key={k} scope="col">
                  {String.fromCharCode(65 + k)}: {l}
                </th>
              ))}
              {labels.slice(1).map((_, k) => (
                <th key={`d${k}`} scope="col">
                  {t('compare.delta', { side: String.fromCharCode(66 + k), base: 'A' })}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.metric.id} data-metric={r.metric.id}>
                <th scope="row">{metricLabel(t, r.metric)}</th>
                {r.cells.map((c, k) => (
                  <td key={k} data-value={Number.isFinite(c.value) ? String(c.value) : ''}>
                    {summaries[k] === null ? '…' : c.text}
                  </td>
                ))}
                {r.cells.slice(1).map((c, k) => (
                  <td key={`d${k}`} className={`delta delta-${c.verdict ?? 'same'}`}>
                    {summaries[0] === null || summaries[k + 1] === null ? '' : c.deltaText}
                    {c.verdict === 'better' || c.verdict === 'worse' ? <span className="visually-hidden"> ({t(`compare.${c.verdict}`)})</span> : null}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {errors.some((e) => e !== null) && (
        <ul role="alert" className="error-note">
          {errors.map((e, k) => (e === null ? null : <li key={k}>{`${labels[k]}: ${e}`}</li>))}
        </ul>
      )}
    </section>
  )
}
