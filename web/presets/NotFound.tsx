// What a link to a preset or lesson that does not exist opens: the app's header, one sentence saying
// what was not found, and the gallery to choose from (never a near-empty page).
import { useTranslation } from 'react-i18next'
import { GalleryGrid } from './Gallery'
import { usePresets } from '../catalog/load'

export function NotFound({ message }: { message: string }) {
  const { t } = useTranslation('teach')
  const presets = usePresets()
  return (
    <main className="gallery not-found">
      <p role="alert" className="error-note" data-testid="not-found">
        {message} {t('status.choose_below')}
      </p>
      {presets.state === 'ready' && <GalleryGrid presets={presets.value} />}
      {presets.state === 'error' && (
        <p className="error-note">{t('status.load_failed', { detail: presets.message })}</p>
      )}
    </main>
  )
}
