// What was wrong with a link, a file or a host page's scenario, and the way on: the nearest valid scenario
// or the defaults. The page behind keeps running what it ran, so it stays usable whatever the choice.
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import type { Problem } from '../scenario/problems'
import type { ShareLink } from './useShareLink'
import './share.css'

const SHOWN = 6

export function problemText(t: (key: string, options: Record<string, unknown>) => string, p: Problem): string {
  return t(`problems.${p.code}`, { ...p.params, defaultValue: p.message })
}

export function LinkProblems({ link }: { link: ShareLink }) {
  const { t } = useTranslation('share')
  const titleId = useId()
  const pending = link.pending
  if (pending === null) return null
  const title = t(pending.source === 'file' ? 'problems.fileTitle' : pending.source === 'host' ? 'problems.hostTitle' : 'problems.linkTitle')
  const more = pending.problems.length - SHOWN
  return (
    <section className="link-problems" role="alert" aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      <ul>
        {pending.problems.slice(0, SHOWN).map((p) => (
          <li key={p.message}>{problemText(t, p)}</li>
        ))}
      </ul>
      {more > 0 && <p>{t('problems.more', { n: more })}</p>}
      <div className="link-problems-actions">
        {pending.nearest !== null ? (
          <>
            <button type="button" className="primary" onClick={link.chooseNearest}>
              {t('problems.nearest')}
            </button>
            <button type="button" onClick={link.chooseDefaults}>
              {t('problems.defaults')}
            </button>
            {/* The page behind still runs what it ran: keeping it is always a choice. */}
            <button type="button" onClick={link.dismiss}>
              {t('problems.keep')}
            </button>
          </>
        ) : (
          <button type="button" onClick={link.dismiss}>
            {t('problems.dismiss')}
          </button>
        )}
      </div>
    </section>
  )
}
