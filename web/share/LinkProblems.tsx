// What was wrong with a link, a file or a host page's scenario, and the way on: the nearest valid scenario
// or the defaults. The page behind keeps running what it ran, so it stays usable whatever the choice.
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import type { TFunction } from 'i18next'
import { fieldName, wordProblem } from '../controls/problemWords'
import { ProblemDetails } from '../controls/ErrorNote'
import type { Problem } from '../scenario/problems'
import type { ShareLink } from './useShareLink'
import './share.css'

const SHOWN = 6

/** A problem in the reader's language; the engine's refusal is worded from its typed problem. */
export function problemText(t: TFunction, p: Problem, lng: string, aqmKind?: string): string {
  if (p.engine !== undefined) {
    const worded = wordProblem(t, p.engine, lng, aqmKind)
    return t('problems.engine', { ns: 'share', message: worded.text })
  }
  // A field the editor shows is named as the form labels it ("link.rate_mbps" → "Link rate").
  const field = typeof p.params.field === 'string' ? { field: fieldName(t, p.params.field) } : {}
  return t(`problems.${p.code}`, { ...p.params, ...field, defaultValue: p.message })
}

export function LinkProblems({ link }: { link: ShareLink }) {
  const { t, i18n } = useTranslation('share')
  const titleId = useId()
  const pending = link.pending
  if (pending === null) return null
  const title = t(
    pending.source === 'file'
      ? 'problems.fileTitle'
      : pending.source === 'host'
        ? 'problems.hostTitle'
        : 'problems.linkTitle',
  )
  const more = pending.problems.length - SHOWN
  // The algorithm the opened scenario asks for, so its parameters are named as its panel names them.
  const aqm = pending.nearest?.aqm
  const aqmKind =
    typeof aqm === 'object' && aqm !== null && !Array.isArray(aqm) && typeof aqm.kind === 'string'
      ? aqm.kind
      : undefined
  return (
    <section className="link-problems" role="alert" aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      <ul>
        {pending.problems.slice(0, SHOWN).map((p) => (
          <li key={p.message}>
            {problemText(t, p, i18n.resolvedLanguage ?? 'en', aqmKind)}
            {/* The engine's own sentence, with the scenario's paths, for whoever wants it. */}
            {p.engine !== undefined && <ProblemDetails message={p.engine.message} />}
          </li>
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
