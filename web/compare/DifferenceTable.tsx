// The difference summary: every metric over the whole run for each side, and each side's difference
// from side A, from the engine's own summaries (run to the scenario's duration in the worker pool).
// With replications each value is the mean ± its 95 % half-width over the runs, and a note names the
// differences the runs cannot tell from noise (overlapping intervals). Exports as CSV, and the whole
// comparison as JSON.
import { memo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { download } from '../share/exporters'
import { MAX_RUNS, parseRuns } from '../stats/seeds'
import { metricLabel } from '../runs/metricLabel'
import { METRICS, type Metric, type SummaryJson } from '../engine/summary'
import { isCauseMetric } from './causes'
import { differenceCsv, identicalSides, replicatedRows } from './difference'
import { TableScroll } from '../chrome/TableScroll'

interface DifferenceTableProps {
  labels: string[]
  /** Each side's finished runs. */
  runs: SummaryJson[][]
  runsPerSide: number
  errors: (string | null)[]
  done: number
  duration: number
  onRuns?: (runs: number) => void
  exportJson?: () => string
  /** The rows: the page's metrics and the sides' drop and mark causes (./causes.ts). */
  metrics?: readonly Metric[]
}

export const DifferenceTable = memo(function DifferenceTable({
  labels,
  runs,
  runsPerSide,
  errors,
  done,
  duration,
  onRuns,
  exportJson,
  metrics = METRICS,
}: DifferenceTableProps) {
  const { t } = useTranslation('teach')
  const { t: tCharts } = useTranslation('charts')
  const total = labels.length * runsPerSide
  const complete = done === total
  const rows = replicatedRows(runs, metrics)
  // A cause's row is named by the engine's reason in the reader's words (the charts' own, `reasons.*`).
  const label = (m: Metric) =>
    isCauseMetric(m)
      ? t(`compare.${m.kind}_by`, { reason: tCharts(`reasons.${m.cause}`, { defaultValue: m.cause }) })
      : metricLabel(t, m)
  const [runsText, setRunsText] = useState(String(runsPerSide))
  const runsError = parseRuns(runsText) === null ? t('replicate.runs_bad', { text: runsText }) : null
  const letter = (k: number) => String.fromCharCode(65 + k)
  // Sides whose runs the seed did not change: one number each, not an estimate.
  const same = complete && runsPerSide > 1 ? identicalSides(runs, rows) : []
  // Per other side, the metrics whose intervals overlap side A's.
  const notSignificant = labels
    .slice(1)
    .map((_, j) => rows.filter((r) => r.cells[j + 1].overlap === true).map((r) => label(r.metric)))
  return (
    <section
      className="panel difference"
      aria-label={t('compare.summary')}
      data-testid="difference-summary"
      data-complete={complete}
      data-runs={runsPerSide}
    >
      <h2>{t('compare.summary')}</h2>
      <p className="muted">
        {complete ? t('compare.summary_over', { duration }) : t('compare.summary_running', { done, total, duration })}{' '}
        {runsPerSide > 1 && t('replicate.summary_runs', { runs: runsPerSide, more: runsPerSide - 1 })}
      </p>
      {onRuns !== undefined && (
        <form
          className="field-row compare-runs"
          onSubmit={(e) => {
            e.preventDefault()
            const n = parseRuns(runsText)
            if (n !== null) onRuns(n)
          }}
        >
          <label htmlFor="compare-runs">{t('replicate.runs_side')}</label>
          <input
            id="compare-runs"
            type="number"
            min={1}
            max={MAX_RUNS}
            step={1}
            value={runsText}
            aria-invalid={runsError !== null}
            aria-describedby="compare-runs-help"
            onChange={(e) => setRunsText(e.target.value)}
          />
          <button type="submit" disabled={runsError !== null || parseRuns(runsText) === runsPerSide}>
            {t('replicate.rerun')}
          </button>
          <small
            id="compare-runs-help"
            className={runsError === null ? 'muted' : 'error-note'}
            role={runsError === null ? undefined : 'alert'}
          >
            {runsError ?? t('replicate.runs_help')}
          </small>
        </form>
      )}
      <TableScroll label={t('compare.summary')}>
        <table>
          <thead>
            <tr>
              <th scope="col">{t('compare.metric')}</th>
              {labels.map((l, k) => (
                <th key={k} scope="col">
                  {letter(k)}: {l}
                </th>
              ))}
              {labels.slice(1).map((_, k) => (
                <th key={`d${k}`} scope="col">
                  {t('compare.delta', { side: letter(k + 1), base: 'A' })}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.metric.id} data-metric={r.metric.id}>
                <th scope="row">{label(r.metric)}</th>
                {r.cells.map((c, k) => (
                  <td
                    key={k}
                    data-value={Number.isFinite(c.value) ? String(c.value) : ''}
                    data-ci={Number.isFinite(c.ci95) ? String(c.ci95) : ''}
                    data-n={c.n}
                    data-identical={c.identical}
                  >
                    {runs[k].length === 0 ? '…' : c.text}
                  </td>
                ))}
                {r.cells.slice(1).map((c, k) => (
                  <td
                    key={`d${k}`}
                    className={`delta delta-${c.verdict ?? 'same'}`}
                    data-overlap={c.overlap === undefined ? '' : String(c.overlap)}
                  >
                    {runs[0].length === 0 || runs[k + 1].length === 0 ? '' : c.deltaText}
                    {c.overlap === true && (
                      <abbr className="ns" title={t('replicate.not_significant')}>
                        {' '}
                        {t('replicate.ns')}
                      </abbr>
                    )}
                    {c.verdict === 'better' || c.verdict === 'worse' ? (
                      <span className="visually-hidden"> ({t(`compare.${c.verdict}`)})</span>
                    ) : null}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      {complete && runsPerSide > 1 && notSignificant.some((m) => m.length > 0) && (
        <div className="significance-note" data-testid="significance-note">
          {notSignificant.map((metrics, j) =>
            metrics.length === 0 ? null : (
              <p key={j}>
                {t('replicate.no_significant', {
                  side: letter(j + 1),
                  base: 'A',
                  runs: runsPerSide,
                  metrics: metrics.join(', '),
                })}
              </p>
            ),
          )}
        </div>
      )}
      {same.length > 0 && (
        <p className="identical-note" data-testid="identical-note">
          {same.length === labels.length
            ? t('replicate.identical_all', { runs: runsPerSide })
            : t('replicate.identical_some', { sides: same.map(letter).join(', '), runs: runsPerSide })}
        </p>
      )}
      {complete && runsPerSide < 2 && <p className="muted">{t('replicate.one_run_note')}</p>}
      {errors.some((e) => e !== null) && (
        <ul role="alert" className="error-note">
          {errors.map((e, k) => (e === null ? null : <li key={k}>{`${labels[k]}: ${e}`}</li>))}
        </ul>
      )}
      <div className="transport-buttons">
        <button
          type="button"
          disabled={!complete}
          onClick={() => download('comparison-difference.csv', differenceCsv(labels, rows), 'text/csv')}
        >
          {t('replicate.export_table')}
        </button>
        {exportJson !== undefined && (
          <button
            type="button"
            disabled={!complete}
            onClick={() => download('comparison.json', exportJson(), 'application/json')}
          >
            {t('replicate.export_json')}
          </button>
        )}
      </div>
    </section>
  )
})
