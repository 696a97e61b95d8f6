// The theory section of the Validation page: one row per closed-form result or published number
// (validation/theory.json, docs/theory.md) with its source, the formula's value, the number the source
// prints, this engine's number for the case's scenario (run in the page's worker pool by ValidationView),
// the tolerance and the verdict; a row that misses shows its measured reason.
import { useTranslation } from 'react-i18next'
import type { RunOutcome } from '../runs/pool'
import { summaryValue } from '../engine/summary'
import { encodeLink } from '../scenario/urlCodec'
import { expected, judgeTheory, oursFrom, relativeDiff, type TheoryCase, type TheoryVerdict } from './theory'
import { ValidationTable } from './ValidationTable'

function formatPercent(d: number): string {
  if (!Number.isFinite(d)) return '–'
  const sign = d > 0 ? '+' : d < 0 ? '−' : '±'
  return `${sign}${Math.abs(100 * d).toFixed(1)} %`
}

/** The loss-based flows beside the BBR flow of a Ware et al. case. */
function cubicFlows(c: TheoryCase): number {
  const groups = (c.scenario.flows as { count?: number }[] | undefined) ?? []
  return groups.slice(1).reduce((n, g) => n + (g.count ?? 0), 0)
}

/** Decimals a case's numbers are shown with: a ratio near 1 needs two. */
function decimals(c: TheoryCase): number {
  return c.unit === 'ratio' ? 2 : 1
}

/** An RFC 9332 coupled rate-ratio case (Prague over Cubic through DualPI2). */
function isCoupled(c: TheoryCase): boolean {
  return c.model === 'rfc9332_fluid' || c.model === 'rfc9332_cut'
}

/** The scenario's words: TCP variant, delayed ACKs, p and RTT. */
function conditions(c: TheoryCase): Record<string, string | number> {
  const g = (c.scenario.flows as { tcp?: string; delayed_ack?: boolean }[] | undefined)?.[0] ?? {}
  return {
    tcp: g.tcp ?? '?',
    p: c.p.toExponential(0),
    rtt: c.rtt_s * 1000,
    qref: c.qref ?? '?',
    x: c.buffer_bdp ?? '?',
    n: cubicFlows(c),
    k: c.k_pkts ?? c.coupling_k ?? '?',
  }
}

/** The words of the case's conditions (the i18n key). */
function caseWords(c: TheoryCase): string {
  if (c.model === 'pi_qref') return 'theory.case_pi'
  if (c.model === 'ware2019') return 'theory.case_ware'
  if (c.model === 'dctcp_k') return 'theory.case_dctcp'
  if (isCoupled(c)) return 'theory.case_rfc9332'
  const delayed = (c.scenario.flows as { delayed_ack?: boolean }[] | undefined)?.[0]?.delayed_ack === true
  return delayed ? 'theory.case_delack' : 'theory.case'
}

/** The loss the case's model assumes (the i18n key). */
function lossWords(c: TheoryCase): string {
  if (c.model === 'pi_qref') return 'theory.aqm_loss'
  if (c.model === 'ware2019') return 'theory.queue_loss'
  if (c.model === 'dctcp_k') return 'theory.ecn_marks'
  if (isCoupled(c)) return 'theory.coupled_signals'
  return c.model === 'padhye' || c.model === 'bbr_loss' ? 'theory.random_loss' : 'theory.periodic_loss'
}

/** What the engine's number is (the i18n key under theory.measure). */
function measure(c: TheoryCase): string {
  if (c.model === 'bbr_loss' || c.model === 'ware2019') return 'goodput'
  if (c.model === 'pi_qref') return 'mean_queue'
  if (c.model === 'dctcp_k') return 'utilisation'
  if (isCoupled(c)) return 'goodput_ratio'
  return c.per_second === true ? 'send_rate' : 'cwnd_mean'
}

export function TheorySection({ cases, outcomes }: { cases: TheoryCase[]; outcomes: (RunOutcome | undefined)[] }) {
  const { t } = useTranslation('validation')
  const rows = cases.map((c, i) => {
    const outcome = outcomes[i]
    const model = expected(c)
    const ours =
      outcome?.ok === true
        ? oursFrom(
            c,
            summaryValue(outcome.summary, c.metric),
            c.divided_by === undefined ? Number.NaN : summaryValue(outcome.summary, c.divided_by),
          )
        : Number.NaN
    const diff = outcome?.ok === true ? relativeDiff(ours, model) : Number.NaN
    const verdict: TheoryVerdict | null = outcome?.ok === true ? judgeTheory(c, diff) : null
    return { c, outcome, model, ours, diff, verdict }
  })
  const done = rows.filter((r) => r.outcome !== undefined).length
  return (
    <section className="panel validation-theory" data-testid="theory-section" aria-labelledby="theory-heading">
      <h2 id="theory-heading">{t('theory.heading')}</h2>
      <p className="muted">{t('theory.how')}</p>
      <p role="status" data-testid="theory-progress">
        {done < cases.length
          ? t('theory.running', { done, total: cases.length })
          : t('theory.finished', { total: cases.length })}
      </p>
      <ValidationTable
        label={t('theory.heading')}
        columns={[
          t('theory.col.source'),
          t('theory.col.case'),
          t('theory.col.formula'),
          t('theory.col.published'),
          t('theory.col.ours'),
          t('col.diff'),
          t('col.tolerance'),
          t('col.verdict'),
        ]}
      >
        {rows.map(({ c, outcome, model, ours, diff, verdict }) => (
          <tr
            key={c.id}
            data-testid="theory-row"
            data-case={c.id}
            data-model={model}
            data-ours={outcome?.ok === true ? ours : ''}
            data-verdict={verdict ?? ''}
          >
            <th scope="row">
              {t(`theory.source.${c.source}`)}
              <span className="muted gap-reason">
                {t(`theory.model.${c.model}`, { b: c.b, c: c.capacity_mbps, x: c.buffer_bdp, k: c.coupling_k })}
              </span>
            </th>
            <td>
              {t(caseWords(c), conditions(c))}
              {' · '}
              {t(lossWords(c))}
              <span className="muted gap-reason">{t(`theory.measure.${measure(c)}`)}</span>{' '}
              <a href={`./?${encodeLink(c.scenario)}`} aria-label={t('open_named', { id: c.id })}>
                {t('open')}
              </a>
            </td>
            <td className="num">{model.toFixed(decimals(c))}</td>
            <td className="num">{c.published === null ? '–' : c.published}</td>
            <td className="num" data-testid="theory-ours">
              {outcome === undefined ? t('pending') : Number.isFinite(ours) ? ours.toFixed(decimals(c)) : '–'}
            </td>
            <td className="num">{formatPercent(diff)}</td>
            <td className="num">{`± ${(100 * c.tolerance).toFixed(0)} %`}</td>
            <td className={`verdict verdict-${verdict ?? 'pending'}`}>
              {verdict === null ? '' : t(`theory.verdict.${verdict}`)}
              {outcome?.ok === false && <span role="alert">{t('engine_failed', { message: outcome.error })}</span>}
              {c.expect !== 'agree' && (
                <span className="gap-reason">
                  {t('theory.recorded', {
                    diff: formatPercent(c.expect.measured_diff),
                    reason: t(`theory.reason.${c.expect.reason}`),
                  })}
                </span>
              )}
            </td>
          </tr>
        ))}
      </ValidationTable>
    </section>
  )
}
