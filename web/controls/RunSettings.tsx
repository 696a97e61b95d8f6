// The seed behind every random stream of the run.
import { useTranslation } from 'react-i18next'
import { getAt, SEED_FIELD } from './scenarioDraft'
import { NumberField } from './NumberField'
import type { DraftEditorProps } from './LinkSettings'

/** A fresh seed: any non-negative integer works; 31 bits keep it short to read aloud. */
export function newSeed(random: () => number = Math.random): number {
  return 1 + Math.floor(random() * 0x7fffffff)
}

export function RunSettings({ draft, problemAt, onEdit }: Omit<DraftEditorProps, 'onUpdate'>) {
  const { t } = useTranslation()
  return (
    <fieldset className="subpanel">
      <legend>{t('run.panel')}</legend>
      <div className="seed-row">
        <NumberField spec={SEED_FIELD} value={getAt(draft, SEED_FIELD.path)} problem={problemAt(SEED_FIELD.path)} onChange={onEdit} />
        <button type="button" onClick={() => onEdit(SEED_FIELD.path, newSeed())}>
          {t('run.newSeed')}
        </button>
      </div>
      <p className="muted hint">{t('run.seedHint')}</p>
    </fieldset>
  )
}
