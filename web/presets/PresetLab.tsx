// A preset opened in the full lab: its scenario loaded into the lab's simulation and its teaching text
// in the lab's preset slot.
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Lab } from '../lab/Lab'
import { NotFound } from './NotFound'
import { usePreset } from '../catalog/load'
import { PresetInfo } from './PresetInfo'
import { presetAqms } from './aqmChoices'
import { TeachHeader } from '../chrome/TeachHeader'
import { hasScenarioKeys, isViewKey } from '../scenario/linkView'
import type { PresetContext } from '../share/presetContext'
import type { JsonObject } from '../scenario/json'

export function PresetLab({ id }: { id: string }) {
  const { t } = useTranslation('teach')
  const loaded = usePreset(id)
  const preset = loaded.state === 'ready' ? loaded.value : null
  // A link with scenario keys beside the preset's id (an edited preset lab, shared) runs its own scenario
  // (the share machinery opens it) with this preset's lesson panel.
  const [linked] = useState(() => hasScenarioKeys(window.location.search))
  const scenario = useMemo(
    () => (preset === null || linked ? undefined : JSON.stringify(preset.scenario)),
    [preset, linked],
  )
  // The preset's file is JSON, so its scenario is a JSON object.
  const context = useMemo<PresetContext | undefined>(
    () => (preset === null ? undefined : { id, scenario: preset.scenario as JsonObject }),
    [id, preset],
  )
  const aqmChoices = useMemo(() => (preset === null ? [] : presetAqms(preset)), [preset])
  if (loaded.state === 'error') {
    return (
      <div className="teach-page">
        <TeachHeader current="preset" />
        <NotFound message={t('status.no_preset', { id })} />
      </div>
    )
  }
  return (
    <Lab
      scenario={scenario}
      aqmChoices={aqmChoices}
      presetContext={context}
      preset={
        preset === null ? undefined : (
          <>
            {linked && <LinkedNote id={id} />}
            <PresetInfo preset={preset} current="preset" />
          </>
        )
      }
    />
  )
}

/**
 * A preset link with scenario keys of its own (written by hand, or shared after an edit) runs those keys on
 * the lab's defaults, not the preset's scenario: say so above the preset's text, which describes the other.
 */
function LinkedNote({ id }: { id: string }) {
  const { t } = useTranslation('teach')
  const keys = [...new URLSearchParams(window.location.search).keys()].filter((k) => !isViewKey(k))
  return (
    <p className="panel hint" role="note" data-testid="preset-linked-note">
      {t('status.linked_note', { keys: keys.join(', ') })}{' '}
      <a href={`?preset=${encodeURIComponent(id)}`}>{t('status.linked_open_alone')}</a>
    </p>
  )
}
