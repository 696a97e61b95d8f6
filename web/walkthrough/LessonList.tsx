// Every guided lesson, listed under the current one so a class can move from lesson to lesson.
import { useTranslation } from 'react-i18next'
import { links } from '../catalog/links'
import { LESSONS } from './lessons'

export function LessonList({ current }: { current: string | null }) {
  const { t } = useTranslation('teach')
  return (
    <nav className="panel walk-lessons" aria-label={t('lessons.list_label')} data-testid="lesson-list">
      <h2>{t('lessons.list')}</h2>
      <ul>
        {Object.keys(LESSONS).map((id) => (
          <li key={id}>
            <a href={links.walkthrough(id)} aria-current={id === current ? 'page' : undefined}>
              {t(`lesson.${id}.intro.title`)}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  )
}
