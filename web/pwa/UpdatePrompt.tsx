// "A new version of AQM Lab is available": shown when a new service worker has installed and waits
// (web/pwa/register.ts); Reload switches to it.
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { registerServiceWorker } from './register'
import './pwa.css'

export function UpdatePrompt() {
  const { t } = useTranslation('pwa')
  const [apply, setApply] = useState<(() => void) | null>(null)
  useEffect(() => registerServiceWorker((f) => setApply(() => f)), [])
  if (apply === null) return null
  return (
    <div className="update-prompt" role="status" data-testid="update-prompt">
      <span>{t('update.available')}</span>
      <button type="button" onClick={apply}>
        {t('update.reload')}
      </button>
      <button type="button" onClick={() => setApply(null)}>
        {t('update.later')}
      </button>
    </div>
  )
}
