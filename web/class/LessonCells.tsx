// A guided lesson's cells in the class view: the lesson and whether it is complete, each question's chosen answer
// against the answer the run gave, the sketches' scores and the raw score, in the reader's language.
import { useTranslation } from 'react-i18next'
import type { LessonResult } from './lessonResult'

export function LessonName({ lesson }: { lesson: LessonResult }) {
  const { t } = useTranslation('class')
  const { t: teach } = useTranslation('teach')
  return (
    <>
      {teach(`lesson.${lesson.id}.intro.title`)}
      <br />
      <span className="muted">{lesson.complete ? t('lesson.complete') : t('lesson.incomplete')}</span>
    </>
  )
}

export function LessonSketches({ lesson }: { lesson: LessonResult }) {
  const { t } = useTranslation('class')
  const { t: teach } = useTranslation('teach')
  if (lesson.sketches.length === 0) return <>{t('noPrediction')}</>
  return (
    <ul className="class-changes">
      {lesson.sketches.map((k) => (
        <li key={k.step}>
          {teach(`lesson.${lesson.id}.${k.step}.title`)}: {t('score', { score: k.score })}
        </li>
      ))}
    </ul>
  )
}

export function LessonAnswers({ lesson }: { lesson: LessonResult }) {
  const { t } = useTranslation('class')
  const { t: teach } = useTranslation('teach')
  const choice = (step: string, c: string | null) =>
    c === null ? t('lesson.none') : teach(`lesson.${lesson.id}.${step}.choices.${c}`)
  return (
    <ul className="class-changes">
      {lesson.answers.map((a) => (
        <li key={a.step} data-right={a.right === null ? 'unknown' : String(a.right)}>
          {t('lesson.answer', {
            step: teach(`lesson.${lesson.id}.${a.step}.title`),
            chosen: choice(a.step, a.choice),
            run: a.right === null ? t('lesson.notRun') : a.outcome === null ? '—' : choice(a.step, a.outcome),
          })}{' '}
          {a.right !== null && <strong>{a.right ? t('lesson.right') : t('lesson.wrong')}</strong>}
        </li>
      ))}
    </ul>
  )
}
