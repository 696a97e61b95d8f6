// The Validation page (?view=validation): the theory cases (validation/theory.json, docs/theory.md) and
// every committed ns-3 case (validation/cases, docs/validation.md) beside this engine's numbers for the same
// scenario, which the page computes now by running each scenario in one pool of workers (the sweep's run
// workers; the ns-3 cases first, so their tally is not held up by the theory cases). Per ns-3 metric: both values, the difference, the
// tolerance band as a dot plot, and the verdict against the case's recorded expectation.
import { useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { TeachHeader } from '../chrome/TeachHeader'
import { encodeLink } from '../scenario/urlCodec'
import { RunPool, type RunOutcome } from '../runs/pool'
import { summaryValue } from '../engine/summary'
import { loadCases, recordedGap, type RecordedGap, type ValidationCase } from './cases'
import { difference, formatDifference, formatValue, judge, VALIDATION_METRICS, type Verdict } from './compare'
import { DotPlot } from './DotPlot'
import { loadTheory } from './theory'
import { TheorySection } from './TheorySection'
import './validation.css'
import { ValidationTable } from './ValidationTable'

export function ValidationView() {
  const { t } = useTranslation('validation')
  const { cases, malformed } = useMemo(() => loadCases(), [])
  const theory = useMemo(() => loadTheory(), [])
  // One batch: the ns-3 cases, then the theory scenarios (each distinct one once; a Mathis row may share an
  // RFC 8312 row's run).
  const batch = useMemo(() => {
    const theoryRuns = [...new Set(theory.cases.map((c) => JSON.stringify(c.scenario)))]
    return { theoryRuns, scenarios: [...cases.map((c) => JSON.stringify(c.scenario)), ...theoryRuns] }
  }, [cases, theory])
  const [outcomes, setOutcomes] = useState<(RunOutcome | undefined)[]>(() => batch.scenarios.map(() => undefined))
  useEffect(() => {
    const pool = new RunPool()
    void pool.run(batch.scenarios, (i, outcome) => setOutcomes((r) => r.map((x, k) => (k === i ? outcome : x))))
    return () => pool.dispose()
  }, [batch])
  const results = outcomes.slice(0, cases.length)
  const theoryOutcomes = theory.cases.map(
    (c) => outcomes[cases.length + batch.theoryRuns.indexOf(JSON.stringify(c.scenario))],
  )
  // A badge in the gallery links to one case (#case-<id>): the cards render after load, so scroll once here.
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1))
    if (id !== '') document.getElementById(id)?.scrollIntoView()
  }, [])
  const done = results.filter((r) => r !== undefined).length
  return (
    <div className="teach-page">
      <TeachHeader current="validation" subtitle={t('intro')} />
      <main className="validation">
        <p className="muted">{t('how')}</p>
        <p role="status" data-testid="validation-progress">
          {done < cases.length ? t('running', { done, total: cases.length }) : t('finished', { total: cases.length })}
        </p>
        {done === cases.length && cases.length > 0 && <Tally cases={cases} results={results} />}
        {malformed.length > 0 && <p role="alert">{t('malformed', { files: malformed.join(', ') })}</p>}
        <TheorySection cases={theory.cases} outcomes={theoryOutcomes} />
        {theory.malformed.length > 0 && (
          <p role="alert">{t('theory.malformed', { ids: theory.malformed.join(', ') })}</p>
        )}
        {cases.map((c, i) => (
          <CaseCard key={c.id} c={c} outcome={results[i]} />
        ))}
      </main>
    </div>
  )
}

/** Each metric of a case: ns-3's value, the engine's (NaN until it ran), their difference and verdict. */
function caseRows(c: ValidationCase, outcome: RunOutcome | undefined) {
  return VALIDATION_METRICS.map((m) => {
    const ns3 = c.ns3.metrics[m.id] ?? Number.NaN
    const ours = outcome?.ok === true ? summaryValue(outcome.summary, m.summaryPath) : Number.NaN
    const diff = outcome?.ok === true ? difference(m, ours, ns3) : null
    const gap = recordedGap(c, m.id)
    const verdict: Verdict | null = outcome?.ok === true ? judge(m, diff, gap?.measured_diff ?? null) : null
    return { m, ns3, ours, diff, gap, verdict }
  })
}

function describe(c: ValidationCase): Record<string, string | number> {
  const s = c.scenario as {
    link?: { rate_mbps?: number }
    flows?: { count?: number; tcp?: string }[]
    aqm?: { kind?: string }
  }
  const g = s.flows?.[0] ?? {}
  return { aqm: s.aqm?.kind ?? '?', tcp: g.tcp ?? '?', flows: g.count ?? 0, rate: s.link?.rate_mbps ?? 0 }
}

/** "early 120, forced 3" from a drops-by-reason object (ns-3's as mapped by the script, or the engine's). */
function causes(byReason: unknown): string {
  if (typeof byReason !== 'object' || byReason === null) return ''
  return Object.entries(byReason)
    .filter((e): e is [string, number] => typeof e[1] === 'number' && e[1] > 0)
    .map(([reason, n]) => `${reason} ${n}`)
    .join(', ')
}

/**
 * Over all cases: how many compared metrics are within tolerance of ns-3 and how many outside it. A recorded
 * gap is outside tolerance, whatever its reason: it is counted there, and said apart only as "known".
 */
function Tally({ cases, results }: { cases: ValidationCase[]; results: (RunOutcome | undefined)[] }) {
  const { t } = useTranslation('validation')
  const count: Record<Verdict, number> = { agree: 0, known_gap: 0, miss: 0, gap_moved: 0, not_compared: 0 }
  cases.forEach((c, i) => {
    for (const r of caseRows(c, results[i])) if (r.verdict !== null) count[r.verdict]++
  })
  const within = count.agree
  const outside = count.known_gap + count.miss + count.gap_moved
  const words = { within, outside, compared: within + outside, known: count.known_gap, skipped: count.not_compared }
  return (
    <p
      data-testid="validation-tally"
      data-within={within}
      data-outside={outside}
      data-known={count.known_gap}
      data-skipped={count.not_compared}
    >
      {t('tally', words)}
    </p>
  )
}

/** The reason recorded for a gap, in the reader's language when the case file has it. */
function reasonText(gap: RecordedGap, language: string): string {
  return language.startsWith('ko') && typeof gap.reason_ko === 'string' ? gap.reason_ko : gap.reason
}

/** Goodput this far above the link's rate (1 %: more than counting headers can give) means the window was
 * too short for it. */
function aboveCapacity(goodput: number, rate: number): boolean {
  return goodput > 1.01 * rate
}

/** The case's bottleneck rate (Mbit/s) and measured window (s), for goodput's sanity against capacity. */
function linkAndWindow(c: ValidationCase): { rate: number; window: number } {
  const s = c.scenario as { duration?: number; warmup?: number | null; link?: { rate_mbps?: number } }
  const duration = s.duration ?? 0
  // The engine's Scenario::warmup(): max(10 % of the duration, 10 s), at most half the duration.
  const warmup = Math.min(s.warmup ?? Math.max(0.1 * duration, 10), duration / 2)
  return { rate: s.link?.rate_mbps ?? Number.NaN, window: duration - warmup }
}

function CaseCard({ c, outcome }: { c: ValidationCase; outcome: RunOutcome | undefined }) {
  const { t, i18n } = useTranslation('validation')
  const rows = caseRows(c, outcome)
  const { rate, window } = linkAndWindow(c)
  const headingId = `case-${c.id}`
  return (
    <section
      className="panel validation-case"
      data-testid="validation-case"
      data-case={c.id}
      aria-labelledby={headingId}
    >
      <header className="validation-case-head">
        <h2 id={headingId}>{c.id}</h2>
        <span className="muted">{t('describe', describe(c))}</span>
        <a className="button" href={`./?${encodeLink(c.scenario)}`} aria-label={t('open_named', { id: c.id })}>
          {t('open')}
        </a>
      </header>
      <p className="validation-ns3">
        {t('ns3_version', { version: c.ns3.version })} · <code>{c.ns3.command}</code>
      </p>
      <p className="validation-causes">
        {t('causes', {
          ns3: causes(c.ns3.drops_by_reason) || t('none'),
          ours: outcome?.ok === true ? causes(outcome.summary.drops_by_reason) || t('none') : t('pending'),
        })}
      </p>
      {outcome?.ok === false && <p role="alert">{t('engine_failed', { message: outcome.error })}</p>}
      <ValidationTable
        label={c.id}
        columns={[
          t('col.metric'),
          t('col.ns3'),
          t('col.ours'),
          t('col.diff'),
          t('col.tolerance'),
          t('col.plot'),
          t('col.verdict'),
        ]}
      >
        {rows.map(({ m, ns3, ours, diff, gap, verdict }) => (
          <tr key={m.id} data-metric={m.id} data-ns3={ns3} data-ours={outcome?.ok === true ? ours : ''}>
            <th scope="row">
              {t(`metric.${m.id}`)}
              {m.id === 'goodput_mbps' && aboveCapacity(Math.max(ns3, ours), rate) && (
                <span className="gap-reason" data-testid="goodput-over-capacity">
                  {t('goodput_over_capacity', { rate, window: window.toFixed(1) })}
                </span>
              )}
            </th>
            <td className="num" data-testid="ns3-value">
              {formatValue(m, ns3)}
            </td>
            <td className="num" data-testid="ours-value">
              {outcome === undefined ? t('pending') : formatValue(m, ours)}
            </td>
            <td className="num">{formatDifference(m, diff)}</td>
            <td className="num">
              {m.kind === 'relative' ? `± ${(100 * m.tolerance).toFixed(0)} %` : `± ${m.tolerance}`}
              {m.minReference > 0 && <span className="muted"> {t('min_reference', { n: m.minReference })}</span>}
            </td>
            <td>
              <DotPlot
                metric={m}
                ours={ours}
                ns3={ns3}
                label={t('plot_label', {
                  metric: t(`metric.${m.id}`),
                  ns3: formatValue(m, ns3),
                  ours: formatValue(m, ours),
                })}
              />
            </td>
            <td className={`verdict verdict-${verdict ?? 'pending'}`}>
              {verdict === null ? '' : t(`verdict.${verdict}`)}
              {gap !== null && (
                <span className="gap-reason">
                  {t('recorded', {
                    diff: formatDifference(m, gap.measured_diff),
                    reason: reasonText(gap, i18n.language),
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
