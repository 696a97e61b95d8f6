// "Session file for your teacher": the lesson's answers, the runs' answers, sketches, score and each side's action
// log in one file for the teacher's class view (web/class/), in the LMS's suspend-data form (web/lms/progress.ts)
// without its length limit. The first side's log is the file's `replay`, so the replay view opens it too.
import { useTranslation } from 'react-i18next'
import { download } from '../share/exporters'
import { SESSION_FORMAT } from '../session/file'
import { encodeSuspend, type LessonProgress } from '../lms/progress'

/** The file's text; `lesson` is the suspend data's object. */
export function lessonSessionFile(lessonId: string, p: LessonProgress): string {
  const lesson: unknown = JSON.parse(encodeSuspend(lessonId, p, Infinity) ?? '{}')
  const replay = p.logs?.find((l) => l !== null) ?? null
  return `${JSON.stringify({ format: SESSION_FORMAT, version: 1, lesson, ...(replay === null ? {} : { replay }) }, null, 2)}\n`
}

export function LessonSessionFile({ lessonId, progress }: { lessonId: string; progress: LessonProgress }) {
  const { t } = useTranslation('teach')
  return (
    <p className="walk-session-file">
      <button
        type="button"
        onClick={() => download(`${lessonId}-session.json`, lessonSessionFile(lessonId, progress), 'application/json')}
      >
        {t('walk.session_file')}
      </button>{' '}
      <span className="muted">{t('walk.session_file_note')}</span>
    </p>
  )
}
