// The lab inside someone else's page (`?embed=1`): only the charts and controls the link names, a
// caption, and a way out to the full lab. Sizes to its frame; a host page can drive it (web/share/hostApi.ts).
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSimulation } from '../engine/useSimulation'
import { AlgorithmPicker } from '../controls/AlgorithmPicker'
import { StoreParamPanel } from '../controls/StoreParamPanel'
import { StoreTransport } from '../controls/StoreTransport'
import { VIEW_KEYS } from '../scenario/linkView'
import { useHostApi } from '../share/hostApi'
import { LinkProblems } from '../share/LinkProblems'
import { useShareLink } from '../share/useShareLink'
import { installTestApi } from '../testApi'
import { EmbedCharts } from './EmbedCharts'
import { DEFAULT_EMBED_CONTROLS, DEFAULT_EMBED_VIEWS, isEmbedView } from '../scenario/embedViews'
import '../share/share.css'

/** The full lab's address for what the embed shows: the same scenario, without the embed's view keys. */
function fullLabHref(query: string | null): string {
  const url = new URL(window.location.href)
  if (query !== null) url.search = /^v=\d+$/.test(query) ? '' : `?${query}`
  else for (const k of VIEW_KEYS) if (k !== 'speed') url.searchParams.delete(k)
  url.hash = ''
  return url.href
}

export function EmbedView() {
  const { t } = useTranslation('share')
  const { snapshot, store } = useSimulation()
  useEffect(() => installTestApi(store), [store])
  const link = useShareLink(store, snapshot, { addressBar: false })
  useHostApi(store, snapshot, link, { resize: true })

  // Each chart once, however often the link names it (views=queue,queue).
  const views = [...new Set((link.view.views ?? DEFAULT_EMBED_VIEWS).filter(isEmbedView))]
  const unknown = (link.view.views ?? []).filter((v) => !isEmbedView(v))
  const controls = new Set(link.view.controls ?? DEFAULT_EMBED_CONTROLS)
  const info = snapshot.algorithms.find((a) => a.kind === snapshot.aqm?.kind)
  const shownParams = controls.has('params')
    ? info
    : info && { ...info, params: info.params.filter((p) => controls.has(p.name)) }

  // "Open in full lab" follows what the embed runs (parameters changed inside it included).
  const [href, setHref] = useState(() => fullLabHref(null))
  const { running, speed } = snapshot
  useEffect(() => {
    const parsed = running?.value ?? null
    if (parsed === null || link.checking) return
    let cancelled = false
    void import('../share/open').then(({ encodeLink }) => {
      if (!cancelled) setHref(fullLabHref(encodeLink(parsed, { speed })))
    })
    return () => {
      cancelled = true
    }
  }, [running, speed, link.checking])

  return (
    <main className="embed">
      {/* The caption is plain text (React escapes it); a course page's frame gets one heading either way. */}
      <h1
        className={link.view.caption !== '' ? 'embed-caption' : 'visually-hidden'}
        title={link.view.caption || undefined}
        data-testid="embed-caption"
      >
        {link.view.caption || t('embedView.label')}
      </h1>
      <LinkProblems link={link} />
      {!snapshot.ready && <p className="muted">{t('embedView.starting')}</p>}
      {(controls.has('play') || controls.has('aqm') || (shownParams?.params.length ?? 0) > 0) && (
        <div className="embed-controls">
          {controls.has('play') && <StoreTransport store={store} snapshot={snapshot} />}
          {controls.has('aqm') && (
            <AlgorithmPicker
              algorithms={snapshot.algorithms}
              kind={snapshot.aqm?.kind}
              error={snapshot.errors['set-algorithm']}
              onChange={(kind) => store.setAlgorithm(kind)}
            />
          )}
          {shownParams !== undefined && shownParams.params.length > 0 && (
            <StoreParamPanel info={shownParams} store={store} snapshot={snapshot} />
          )}
        </div>
      )}
      <EmbedCharts store={store} snapshot={snapshot} views={views} />
      <footer className="embed-foot">
        <span className="muted">
          {unknown.length > 0 ? t('embedView.unknownViews', { names: unknown.join(', ') }) : ''}
        </span>
        <a href={href} target="_blank" rel="noopener noreferrer" title={t('embedView.openFullHint')}>
          {t('embedView.openFull')} ↗
        </a>
      </footer>
    </main>
  )
}
