// The share dialog's "Replay this session" part: a link that replays the running simulation's session exactly,
// and the session file (web/session/file.ts). The session is read when the dialog opens.
import { useId, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { SimStore } from '../engine/store'
import { copyText } from '../share/copy'
import { download } from '../share/exporters'
import { sessionFile } from './file'
import { MAX_ACTIONS, recorderOf, replayLink } from './recorder'

export function SessionShare({ store, fileName }: { store: SimStore; fileName: string }) {
  const { t } = useTranslation('session')
  const id = useId()
  const [status, setStatus] = useState('')
  const recorder = recorderOf(store)
  const session = useMemo(() => {
    const encoded = recorder?.encoded() ?? null
    const log = recorder?.session() ?? null
    return encoded === null || log === null ? null : { encoded, log, truncated: recorder?.truncated === true }
  }, [recorder])
  if (session === null) return null
  const link = replayLink(session.encoded)
  return (
    <section className="share-section" aria-labelledby={`${id}-replay`}>
      <h3 id={`${id}-replay`}>{t('share.heading')}</h3>
      <div className="share-row">
        <input
          className="share-url"
          type="text"
          readOnly
          value={link}
          aria-label={t('share.label')}
          data-testid="replay-link"
          onFocus={(e) => e.target.select()}
        />
        <button type="button" onClick={() => void copyText(link).then((ok) => setStatus(ok ? '✓' : '✗'))}>
          {t('share.copy')}
        </button>
        <button
          type="button"
          onClick={() =>
            download(`${fileName}-session.json`, sessionFile(session.encoded, session.log.scenario), 'application/json')
          }
        >
          {t('share.file')}
        </button>
        <span className="share-status" role="status">
          {status}
        </span>
      </div>
      <p className="share-note">
        {t('share.note', { actions: session.log.actions.length, bytes: session.encoded.length })}
        {session.truncated && ` ${t('share.truncated', { n: MAX_ACTIONS })}`}
      </p>
    </section>
  )
}
