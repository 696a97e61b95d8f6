// Worksheet mode in the lab (teacherView.ts): a note saying what the teacher's link locked or hid, and a
// wrapper that disables every input of a locked control (a disabled fieldset disables all it holds).
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { isActive, isLocked, teacher } from '../scenario/teacherView'
import './teacher.css'

export function Lockable({ name, children }: { name: string; children: ReactNode }) {
  const { t } = useTranslation()
  if (!isLocked(name)) return <>{children}</>
  return (
    <fieldset
      className="teacher-locked"
      disabled
      data-testid={`locked-${name}`}
      aria-label={t('teacher.lockedControl', { name: t(`teacher.controls.${name}`) })}
    >
      {children}
    </fieldset>
  )
}

/** Names as people read them: a control's name from the catalogue, a parameter's as the engine writes it. */
function names(list: ReadonlySet<string>, t: (k: string) => string): string {
  return [...list]
    .map((n) => (['aqm', 'params', 'link', 'flows', 'run'].includes(n) ? t(`teacher.controls.${n}`) : n))
    .join(', ')
}

export function WorksheetNote() {
  const { t } = useTranslation()
  const v = teacher()
  if (!isActive(v)) return null
  return (
    <section className="panel teacher-note" aria-label={t('teacher.title')} data-testid="worksheet-note">
      <h2>{t('teacher.title')}</h2>
      <p>{t('teacher.intro')}</p>
      {v.lock.size > 0 && <p>{t('teacher.locked', { names: names(v.lock, t) })}</p>}
      {v.hide.size > 0 && <p>{t('teacher.hidden', { names: names(v.hide, t) })}</p>}
    </section>
  )
}
