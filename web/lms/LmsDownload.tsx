// "Download for your LMS", for a lesson or a worksheet: the SCORM version (1.2, which every LMS imports, or 2004
// 4th edition) and, for a lesson, the pass mark the teacher sets; then the package built in the browser
// (download.ts). A worksheet has nothing to score: the LMS records completion (the run reached its end).
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { ScormVersion } from './discover'
import { NotBuiltError, lessonPackage, save } from './download'
import './lms.css'

type Status =
  { kind: 'idle' } | { kind: 'building' } | { kind: 'done'; name: string } | { kind: 'error'; message: string }

interface Props {
  /** The SCO's id: the lesson's, or a worksheet's. */
  lessonId: string
  title: string
  /** A worksheet: the lab's link query to open (with the teacher's locks); no pass mark. */
  target?: string
  /** The heading's level where the panel sits (a lesson page: 2; the share dialog's section: 4). */
  level?: 2 | 4
}

export function LmsDownload({ lessonId, title, target, level = 2 }: Props) {
  const { t } = useTranslation('teach')
  const Heading = level === 2 ? 'h2' : 'h4'
  const worksheet = target !== undefined
  const id = useId()
  const [version, setVersion] = useState<ScormVersion>('1.2')
  const [pass, setPass] = useState('')
  const [status, setStatus] = useState<Status>({ kind: 'idle' })
  const passMark = worksheet || pass.trim() === '' ? null : Number(pass)
  const badPass = passMark !== null && !(Number.isFinite(passMark) && passMark >= 0 && passMark <= 100)

  const download = async () => {
    setStatus({ kind: 'building' })
    try {
      const { name, bytes } = await lessonPackage({ version, lessonId, title, passMark, target })
      save(name, bytes)
      setStatus({ kind: 'done', name })
    } catch (e) {
      setStatus({
        kind: 'error',
        message: e instanceof NotBuiltError ? t('lms.not_built') : t('lms.failed', { reason: String(e) }),
      })
    }
  }

  return (
    <section
      className={level === 2 ? 'panel lms-download' : 'lms-download'}
      aria-labelledby={`${id}-h`}
      data-testid="lms-download"
    >
      <Heading id={`${id}-h`}>{t('lms.heading')}</Heading>
      <p className="muted">{t(worksheet ? 'lms.intro_worksheet' : 'lms.intro')}</p>
      <fieldset className="lms-version">
        <legend>{t('lms.version')}</legend>
        {(['1.2', '2004'] as const).map((v) => (
          <label key={v} className="check">
            <input
              type="radio"
              name={`${id}-version`}
              value={v}
              checked={version === v}
              onChange={() => setVersion(v)}
            />
            {t(v === '1.2' ? 'lms.v12' : 'lms.v2004')}
          </label>
        ))}
      </fieldset>
      {!worksheet && (
        <>
          <label className="lms-pass">
            {t('lms.pass')}{' '}
            <input
              type="number"
              min={0}
              max={100}
              step={1}
              inputMode="numeric"
              value={pass}
              aria-invalid={badPass}
              aria-describedby={`${id}-pass-note`}
              onChange={(e) => setPass(e.target.value)}
              data-testid="lms-pass"
            />
          </label>
          <p id={`${id}-pass-note`} className={badPass ? 'error-note' : 'muted'}>
            {badPass ? t('lms.pass_bad') : t('lms.pass_note')}
          </p>
        </>
      )}
      <button
        type="button"
        className="primary"
        disabled={badPass || status.kind === 'building'}
        onClick={() => void download()}
        data-testid="lms-download-button"
      >
        {t('lms.download')}
      </button>
      <p role="status" className="muted" data-testid="lms-status">
        {status.kind === 'building'
          ? t('lms.building')
          : status.kind === 'done'
            ? t('lms.saved', { name: status.name })
            : status.kind === 'error'
              ? status.message
              : ''}
      </p>
    </section>
  )
}
