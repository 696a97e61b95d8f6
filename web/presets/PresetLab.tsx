// A preset opened in the full lab: its scenario loaded into the lab's simulation and its teaching text
// in the lab's preset slot.
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { Lab } from '../lab/Lab'
import { links } from './links'
import { usePreset } from './load'
import { PresetInfo } from './PresetInfo'
import { presetAqms } from './aqmChoices'

export function PresetLab({ id }: { id: string }) {
  const { t } = useTranslation('teach')
  const loaded = usePreset(id)
  const preset = loaded.state === 'ready' ? loaded.value : null
  const scenario = useMemo(() => (preset === null ? undefined : JSON.stringify(preset.scenario)), [preset])
  const aqmChoices = useMemo(() => (preset === null ? [] : presetAqms(preset)), [preset])
  if (loaded.state === 'error') {
    return (
      <main className="teach-page">
        <p role="alert" className="error-note">
          {t('status.no_preset', { id })} <a href={links.gallery()}>{t('gallery.all')}</a>
        </p>
      </main>
    )
  }
  return <Lab scenario={scenario} aqmChoices={aqmChoices} preset={preset === null ? undefined : <PresetInfo preset={preset} current="preset" />} />
}
