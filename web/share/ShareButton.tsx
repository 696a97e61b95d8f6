// The lab's Share button, and the link machinery behind it: the scenario comes from the URL on load, the
// address bar follows it, a broken link or file shows what is wrong, a scenario file dropped on the page
// opens, and a host page can drive the lab by postMessage when it is framed.
import { lazy, Suspense, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { SimSnapshot, SimStore } from '../engine/store'
import { useHostApi } from './hostApi'
import { LinkProblems } from './LinkProblems'
import { useShareLink, type ShareLink } from './useShareLink'
import type { PresetContext } from './presetContext'
import './share.css'

const ShareDialog = lazy(() => import('./ShareDialog').then((m) => ({ default: m.ShareDialog })))

const MAX_READ_BYTES = 2_000_000

/** Reads a picked or dropped file and opens it (the importer rejects what is too large or not a scenario). */
export function openFileWith(link: ShareLink, file: File): void {
  if (file.size > MAX_READ_BYTES) {
    void link.openFile('', file.name, file.size)
    return
  }
  void file.text().then((text) => link.openFile(text, file.name, file.size))
}

/** A scenario file dropped anywhere on the page opens it. */
function usePageDrop(link: ShareLink): void {
  useEffect(() => {
    const hasFiles = (e: DragEvent) => e.dataTransfer?.types.includes('Files') === true
    const onOver = (e: DragEvent) => {
      if (hasFiles(e)) e.preventDefault()
    }
    const onDrop = (e: DragEvent) => {
      const file = e.dataTransfer?.files[0]
      if (!hasFiles(e) || file === undefined || e.defaultPrevented) return
      e.preventDefault()
      openFileWith(link, file)
    }
    window.addEventListener('dragover', onOver)
    window.addEventListener('drop', onDrop)
    return () => {
      window.removeEventListener('dragover', onOver)
      window.removeEventListener('drop', onDrop)
    }
  }, [link])
}

export function ShareButton({
  snapshot,
  store,
  preset,
}: {
  snapshot: SimSnapshot
  store: SimStore
  preset?: PresetContext
}) {
  const { t } = useTranslation('share')
  const link = useShareLink(store, snapshot, { addressBar: true, preset })
  useHostApi(store, snapshot, link, { resize: false })
  usePageDrop(link)
  const [open, setOpen] = useState(false)
  return (
    <>
      <button
        type="button"
        className="share-button"
        aria-haspopup="dialog"
        title={t('buttonHint')}
        onClick={() => setOpen(true)}
      >
        {t('button')}
      </button>
      {open && (
        <Suspense fallback={null}>
          <ShareDialog
            snapshot={snapshot}
            store={store}
            preset={preset}
            onOpenFile={(f) => openFileWith(link, f)}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
      {link.checking && <span className="share-status muted">{t('problems.checking')}</span>}
      {link.opened !== null && (
        <span className="share-status" role="status">
          {t('import.loaded', { name: link.opened })}
          {link.kept.length > 0 &&
            ` ${t('import.kept', { names: link.kept.map((n) => t(`teacher.controls.${n}`, { ns: 'app', defaultValue: n })).join(', ') })}`}
        </span>
      )}
      <LinkProblems link={link} />
    </>
  )
}
