// A preset opened in the full lab: its scenario loaded into the lab's simulation and its teaching text
// in the lab's preset slot.
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { Lab } from '../lab/Lab'
import { NotFound } from './NotFound'
import { usePreset } from './load'
import { PresetInfo } from './PresetInfo'
import { presetAqms } from './aqmChoices'
import { TeachHeader } from './TeachHeader'

export function PresetLab({ id }: { id: string }) {
  const { t } = useTranslation('teach')
  const loaded = usePreset(id)
  const preset = loaded.state === 'ready' ? loaded.value : null
  const scenario = useMemo(() => (preset === null ? undefined : JSON.stringify(preset.scenario)), [preset])
  const aqmChoices = useMemo(() => (preset === null ? [] : presetAqms(preset)), [preset])
  if (loaded.state === 'error') {
    return (
      <div className="teach-page">
        <TeachHeader current="preset" />
        <NotFound message={t('status.no_preset', { id })} />
      </div>
    )
  }
  return <Lab scenario={scenario} aqmChoices={aqmChoices} preset={preset === null ? undefined : <PresetInfo preset={preset} current="preset" />} />
}
