// The current step of a walk-through: its text, the prediction to make before playing, the play
// button (locked until a prediction is chosen), the outcome against the prediction, and navigation.
import { useTranslation } from 'react-i18next'
import { links } from '../catalog/links'
import { formatMetric, metricById, summaryValue, type SummaryJson } from '../engine/summary'
import { answer, type Lesson } from './lessons'
import { lessonValue } from './measure'

interface LessonStepPanelProps {
  lesson: Lesson
  index: number
  choice: string | undefined
  measured: number | undefined
  summaries: (SummaryJson | null)[]
  canPlay: boolean
  running: boolean
  /** The step's run has been played (its full-run answer may still be on its way). */
  played?: boolean
  /** The simulated time, as shown while the step plays (one decimal). */
  shownTime: string
  /** This step's answer was revealed in an earlier session (an LMS resumed the lesson): it may be left. */
  answeredBefore?: boolean
  onChoose(choice: string): void
  onPlay(): void
  onNavigate(index: number): void
}

export function LessonStepPanel(p: LessonStepPanelProps) {
  const { t } = useTranslation('teach')
  const step = p.lesson.steps[p.index]
  const k = (leaf: string) => `lesson.${p.lesson.id}.${step.id}.${leaf}`
  const predict = step.predict
  const right =
    predict !== undefined && p.measured !== undefined && Number.isFinite(p.measured)
      ? answer(predict.choices, p.measured)
      : undefined
  const util = metricById('utilisation')
  // A full-run measure is shown as its step says (a share in %, bytes in KB); `a` and `b` are the two sides of a gap.
  const shown = (x: number) => (x * (predict?.scale ?? 1)).toFixed(predict?.digits ?? 1)
  const sideValue = (k: number | undefined) => {
    const s = k === undefined ? null : p.summaries[k]
    return s === null || s === undefined || predict?.metric === undefined ? '–' : shown(lessonValue(s, predict.metric))
  }
  const values = {
    value: p.measured === undefined ? '' : shown(p.measured),
    a: sideValue(predict?.of),
    b: sideValue(predict?.minus),
    dt_sync: p.summaries[0] === null ? '–' : summaryValue(p.summaries[0], 'sync.excess').toFixed(2),
    red_sync: p.summaries[1] === null ? '–' : summaryValue(p.summaries[1], 'sync.excess').toFixed(2),
    dt_util:
      p.summaries[0] === null || util === undefined
        ? '–'
        : formatMetric(util, summaryValue(p.summaries[0], 'utilisation')),
    red_util:
      p.summaries[1] === null || util === undefined
        ? '–'
        : formatMetric(util, summaryValue(p.summaries[1], 'utilisation')),
  }
  return (
    <section className="panel walk-step" aria-labelledby="walk-step-title" data-testid="walk-step" data-step={step.id}>
      <p className="muted">{t('walk.progress', { n: p.index + 1, total: p.lesson.steps.length })}</p>
      <h2 id="walk-step-title">{t(k('title'))}</h2>
      <p>{t(k('body'))}</p>
      {step.run !== undefined && (
        <p className="muted" data-testid="walk-fixed">
          {t('walk.fixed')}
        </p>
      )}
      {predict !== undefined && (
        <fieldset
          className="walk-predict"
          disabled={p.running || p.measured !== undefined || p.answeredBefore === true}
        >
          <legend>{t(k('question'))}</legend>
          {predict.choices.map((c) => (
            <label key={c.id} className="check">
              <input
                type="radio"
                name={`predict-${step.id}`}
                value={c.id}
                checked={p.choice === c.id}
                onChange={() => p.onChoose(c.id)}
              />
              {t(k(`choices.${c.id}`))}
            </label>
          ))}
        </fieldset>
      )}
      {step.run !== undefined && p.measured === undefined && (
        <div className="walk-play">
          <button
            type="button"
            className="primary"
            disabled={!p.canPlay || (predict !== undefined && p.choice === undefined)}
            onClick={p.onPlay}
          >
            {p.running ? t('walk.playing', { time: p.shownTime }) : t('walk.play', { seconds: step.run })}
          </button>
          {predict !== undefined && p.choice === undefined && (
            <small className="muted">{t('walk.predict_first')}</small>
          )}
        </div>
      )}
      {predict !== undefined && p.choice !== undefined && step.run === undefined && p.measured === undefined && (
        <p className="muted">{t(p.lesson.sides === undefined ? 'walk.waiting_summary' : 'lessons.waiting')}</p>
      )}
      {predict !== undefined && step.run !== undefined && p.played === true && p.measured === undefined && (
        <p className="muted">{t('lessons.waiting')}</p>
      )}
      {p.measured !== undefined && (
        <div className="walk-reveal" role="status" data-testid="walk-reveal">
          <p>{t(k('result'), values)}</p>
          <p className={right === p.choice ? 'walk-right' : 'walk-wrong'}>
            {right === p.choice
              ? t('walk.right')
              : t('walk.wrong', { answer: right === undefined ? '–' : t(k(`choices.${right}`)) })}
          </p>
        </div>
      )}
      {step.id === 'done' && (
        <ul className="walk-next">
          <li>
            <a href={links.compare(p.lesson.preset)}>{t('walk.next_compare')}</a>
          </li>
          <li>
            <a href={links.sweep(p.lesson.preset)}>
              {t(p.lesson.id === 'red-vs-droptail' ? 'walk.next_sweep' : 'lessons.next_sweep')}
            </a>
          </li>
          <li>
            <a href={links.gallery()}>{t('walk.next_gallery')}</a>
          </li>
        </ul>
      )}
      <nav className="walk-nav" aria-label={t('walk.nav')}>
        <button type="button" disabled={p.index === 0} onClick={() => p.onNavigate(p.index - 1)}>
          {t('walk.back')}
        </button>
        <button
          type="button"
          className="primary"
          disabled={
            p.index === p.lesson.steps.length - 1 ||
            (predict !== undefined && p.measured === undefined && p.answeredBefore !== true)
          }
          onClick={() => p.onNavigate(p.index + 1)}
        >
          {t('walk.next')}
        </button>
      </nav>
    </section>
  )
}
