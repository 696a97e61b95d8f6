// A lesson's "Download for your LMS": the SCORM version (1.2, which every LMS imports, or 2004 4th edition) and
// the pass mark the teacher sets, then the package built in the browser (download.ts).
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { ScormVersion } from './discover'
import { NotBuiltError, lessonPackage, save } from './download'
import './lms.css'

type Status =
  { kind: 'idle' } | { kind: 'building' } | { kind: 'done'; name: string } | { kind: 'error'; message: string }

export function LmsDownload({ lessonId, title }: { lessonId: string; title: string }) {
  const { t } = useTranslation('teach')
  const id = useId()
  const [version, setVersion] = useState<ScormVersion>('1.2')
  const [pass, setPass] = useState('')
  const [status, setStatus] = useState<Status>({ kind: 'idle' })
  const passMark = pass.trim() === '' ? null : Number(pass)
  const badPass = passMark !== null && !(Number.isFinite(passMark) && passMark >= 0 && passMark <= 100)

  const download = async () => {
    setStatus({ kind: 'building' })
    try {
      const { name, bytes } = await lessonPackage({ version, lessonId, title, passMark })
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
    <section className="panel lms-download" aria-labelledby={`${id}-h`} data-testid="lms-download">
      <h2 id={`${id}-h`}>{t('lms.heading')}</h2>
      <p className="muted">{t('lms.intro')}</p>
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
