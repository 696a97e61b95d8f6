// The teacher's answer key to a worksheet (`…&answers=1`): the same scenarios the sheet describes, run here
// to the end (the run workers, as compare mode and the lessons do), with the measured numbers the questions
// ask about and the window each is measured over. For a lesson, each prediction's measured value and the
// choice it makes right, computed as the lesson computes it: full-run measures from the full runs, the
// queue questions of a step that plays N seconds from a run of those N seconds, measured after its first 5 s.
import { useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { sideScenario } from '../catalog/patch'
import { langOf, type Preset } from '../catalog/types'
import { RunPool } from '../runs/pool'
import { formatMetric, metricById, summaryValue, type SummaryJson } from '../engine/summary'
import { metricLabel } from '../runs/metricLabel'
import { decodeLink } from '../scenario/urlCodec'
import { answer, fullRunMeasure, lessonSides, type Lesson, type LessonStep } from '../walkthrough/lessons'
import { labQuery, presetSides } from './sheetSource'
import { links } from '../catalog/links'
import './worksheet.css'

const KEY_METRICS = [
  'mean_queue_pkts',
  'delay_ms.mean',
  'utilisation',
  'total_goodput_payload_mbps',
  'jain',
  'drop_rate',
]
/** A live-trace measure's window starts here, as in the lesson (Walkthrough's meanAfter). */
const LIVE_FROM_S = 5

/** The flow groups of a scenario as index ranges into the summary's flows (engine order: group by group). */
function groups(scenario: Record<string, unknown> | undefined): Array<{ from: number; to: number }> {
  const list = Array.isArray(scenario?.flows) ? scenario.flows : []
  const out: Array<{ from: number; to: number }> = []
  let next = 0
  for (const g of list) {
    const count = typeof g === 'object' && g !== null && typeof g.count === 'number' ? g.count : 5
    out.push({ from: next, to: next + count - 1 })
    next += count
  }
  return out.length > 1 ? out : []
}

interface Run {
  label: string
  scenario: Record<string, unknown>
}

/** A step whose question the lesson answers from the queue it plays (`queue`, `avg`). */
const playsQueue = (s: LessonStep) =>
  s.run !== undefined && (s.predict?.measure === 'queue' || s.predict?.measure === 'avg')

interface Props {
  preset: Preset | null
  lesson: Lesson | null
  /** A lab link's query: the key of the scenario it opens. */
  search: string | null
}

export function AnswerKey({ preset, lesson, search }: Props) {
  const { t, i18n } = useTranslation('teach')
  const lang = langOf(i18n.resolvedLanguage)
  const runs: Run[] = useMemo(() => {
    if (search !== null)
      return [{ label: preset?.base_label[lang] ?? t('worksheet.thisLink'), scenario: decodeLink(search).scenario }]
    if (preset === null) return []
    const order = lesson === null ? undefined : lessonSides(lesson)
    const sides = presetSides(preset, lang, order).map((s, i) => ({
      label: s.label,
      scenario: sideScenario(preset, order?.[i] ?? i),
    }))
    // A step that plays its side for N seconds: the same side run for those N seconds.
    const steps = (lesson?.steps ?? []).filter(playsQueue).map((s) => ({
      label: s.id,
      scenario: { ...sides[s.side ?? 0].scenario, duration: s.run, warmup: LIVE_FROM_S },
    }))
    return [...sides, ...steps]
  }, [preset, lesson, search, lang, t])
  const [summaries, setSummaries] = useState<(SummaryJson | null)[]>(() => runs.map(() => null))
  const [failed, setFailed] = useState<string | null>(null)
  // `runs` only changes with the language (labels); the runs themselves are the same, so keep what arrived.
  useEffect(() => {
    const pool = new RunPool(2)
    void pool.run(
      runs.map((r) => JSON.stringify(r.scenario)),
      (i, o) => {
        if (o.ok) setSummaries((all) => all.map((s, k) => (k === i ? o.summary : s)))
        else setFailed(o.error)
      },
    )
    return () => pool.dispose()
  }, [runs])

  const sideCount = runs.length - (lesson?.steps.filter(playsQueue).length ?? 0)
  const sideRuns = runs.slice(0, sideCount)
  const done = summaries.every((s) => s !== null)
  const first = summaries[0]
  const title =
    lesson !== null ? t(`lesson.${lesson.id}.intro.title`) : (preset?.title[lang] ?? t('worksheet.labTitle'))

  return (
    <main className="worksheet worksheet-key" data-testid="answer-key" data-done={done}>
      <div className="worksheet-actions">
        <button type="button" className="primary" onClick={() => window.print()}>
          {t('worksheet.printKey')}
        </button>
        <a href={links.worksheetOf(labQuery(window.location.search))}>{t('worksheet.backToSheet')}</a>
      </div>
      <h1>{t('worksheet.keyTitle', { title })}</h1>
      <p>{t('worksheet.keyIntro')}</p>
      {failed !== null && <p role="alert">{failed}</p>}
      {first !== null && (
        <p data-testid="answer-key-window">
          {t('worksheet.keyWindow', {
            seed: String(runs[0].scenario.seed ?? summaryValue(first, 'seed')),
            from: summaryValue(first, 'measured_from_s').toFixed(0),
            to: summaryValue(first, 'measured_to_s').toFixed(0),
          })}
        </p>
      )}
      <table className="worksheet-key-table" data-testid="answer-key-table">
        <thead>
          <tr>
            <th scope="col">{t('compare.metric')}</th>
            {sideRuns.map((r, i) => (
              <th key={i} scope="col">
                {r.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {KEY_METRICS.map((id) => {
            const m = metricById(id)
            if (m === undefined) return null
            return (
              <tr key={id} data-metric={id}>
                <th scope="row">{metricLabel(t, m)}</th>
                {sideRuns.map((_, i) => {
                  const s = summaries[i]
                  return <td key={i}>{s === null ? '…' : formatMetric(m, summaryValue(s, id))}</td>
                })}
              </tr>
            )
          })}
          {groups(runs[0]?.scenario).map((g) => (
            <tr key={`g${g.from}`} data-metric={`group.${g.from}`}>
              <th scope="row">
                {g.from === g.to
                  ? t('worksheet.keyFlow', { n: g.from + 1 })
                  : t('worksheet.keyGroup', { from: g.from + 1, to: g.to + 1 })}
              </th>
              {sideRuns.map((_, i) => {
                const s = summaries[i]
                let sum = 0
                for (let f = g.from; f <= g.to; f++) sum += summaryValue(s ?? {}, `flows.${f}.goodput_payload_mbps`)
                return <td key={i}>{s === null ? '…' : Number.isFinite(sum) ? sum.toFixed(3) : '–'}</td>
              })}
            </tr>
          ))}
        </tbody>
      </table>
      {lesson !== null && <LessonAnswers lesson={lesson} runs={runs} summaries={summaries} sideCount={sideCount} />}
    </main>
  )
}

function LessonAnswers({
  lesson,
  runs,
  summaries,
  sideCount,
}: {
  lesson: Lesson
  runs: Run[]
  summaries: (SummaryJson | null)[]
  sideCount: number
}) {
  const { t } = useTranslation('teach')
  const sides = summaries.slice(0, sideCount)
  return (
    <ol className="worksheet-questions" data-testid="answer-key-lesson">
      {lesson.steps
        .filter((s) => s.predict !== undefined)
        .map((s) => {
          const p = s.predict
          if (p === undefined) return null
          let value: number | undefined
          let how: string
          // What was measured, named: the metric and the side (or the two sides of a difference).
          const label = (k: number | undefined) => runs[k ?? 0]?.label ?? ''
          const metric = metricById(p.metric ?? '')
          const name = metric === undefined ? (p.metric ?? '') : metricLabel(t, metric)
          if (playsQueue(s)) {
            const k = runs.findIndex((r, i) => i >= sideCount && r.label === s.id)
            const sum = k < 0 ? null : summaries[k]
            value = sum === null ? undefined : summaryValue(sum, 'mean_queue_pkts')
            how = t('worksheet.keyQueue', { side: label(s.side), from: LIVE_FROM_S, to: s.run })
          } else {
            value = fullRunMeasure(p, sides)
            how =
              p.measure === 'summary'
                ? t('worksheet.keyFull', { what: name, side: label(p.of) })
                : p.measure === 'summary_gap'
                  ? t('worksheet.keyGap', { what: name, a: label(p.of), b: label(p.minus ?? 1) })
                  : t('worksheet.keyGap', { what: t('metric.sync'), a: label(0), b: label(1) })
          }
          const right = value === undefined || !Number.isFinite(value) ? undefined : answer(p.choices, value)
          const k = (leaf: string) => `lesson.${lesson.id}.${s.id}.${leaf}`
          return (
            <li key={s.id} data-testid="answer-key-question" data-answer={right ?? ''}>
              <p>{t([k('paper'), k('question')])}</p>
              <p>
                <strong>{right === undefined ? '…' : t(k(`choices.${right}`))}</strong>{' '}
                {value === undefined
                  ? ''
                  : t('worksheet.keyMeasured', {
                      value: (value * (p.scale ?? 1)).toFixed(p.digits ?? 1),
                      how,
                    })}
              </p>
            </li>
          )
        })}
    </ol>
  )
}
