// The run: its length and warm-up, the seed behind every random stream, and which implementation's
// defaults it follows ("Behave as": the papers, ns-2, ns-3, Linux).
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { getAt, parseObject, type JsonObject } from '../scenario/json'
import { fieldId } from './NumberField'
import { FieldPanel, type DraftEditorProps } from './FieldPanel'
import { declAt, shownDefault } from '../scenario/fields'
import { ErrorNote, type Problem } from './ErrorNote'
import { problemOfError } from '../scenario/engineProblem'
import { loadMainEngine } from '../engine/mainEngine'

/** A fresh seed: any non-negative integer works; 31 bits keep it short to read aloud. */
export function newSeed(random: () => number = Math.random): number {
  return 1 + Math.floor(random() * 0x7fffffff)
}

/** The scenario as the engine's apply_profile leaves it for `profile`: its defaults for the fields left out. */
export async function withProfile(draft: JsonObject, profile: string): Promise<JsonObject> {
  const engine = await loadMainEngine()
  const next = parseObject(engine.applyProfile(JSON.stringify(draft), profile))
  if (next === null) throw new Error('apply_profile returned no scenario')
  return { ...next, profile }
}

/** "Behave as": a choice whose change asks the engine for the profile's defaults. */
const PROFILE = declAt('profile')

export function RunSettings(props: DraftEditorProps) {
  const { draft, problemAt, onEdit, onUpdate } = props
  const { t } = useTranslation()
  const [profileError, setProfileError] = useState<Problem | undefined>(undefined)
  const profileId = fieldId('profile')
  const profiles = PROFILE?.choices ?? []
  const profile = String(getAt(draft, 'profile') ?? (PROFILE && shownDefault(PROFILE)) ?? profiles[0])
  const chooseProfile = (next: string) => {
    setProfileError(undefined)
    withProfile(draft, next).then(
      (d) => onUpdate(() => d),
      (e: unknown) => {
        const problem = problemOfError(e)
        setProfileError({
          code: 'engine',
          message: e instanceof Error ? e.message : String(e),
          ...(problem !== undefined && { problem }),
        })
      },
    )
  }
  return (
    <fieldset className="subpanel">
      <legend>{t('run.panel')}</legend>
      <div className="field-grid">
        <FieldPanel group="run" {...props} />
      </div>
      <p className="muted hint">{t('run.warmupHint')}</p>
      <div className="seed-row">
        <FieldPanel group="run.seed" {...props} />
        <button type="button" onClick={() => onEdit('seed', newSeed())}>
          {t('run.newSeed')}
        </button>
      </div>
      <p className="muted hint">{t('run.seedHint')}</p>
      <div className={`field${profileError !== undefined ? ' field-invalid' : ''}`}>
        <label htmlFor={profileId}>{t(PROFILE?.place?.label ?? 'run.profile')}</label>
        <select
          id={profileId}
          value={profile}
          aria-describedby={`${profileId}-help`}
          onChange={(e) => chooseProfile(e.target.value)}
        >
          {profiles.map((p) => (
            <option key={p} value={p}>
              {t(`${PROFILE?.place?.options}.${p}`, { defaultValue: p })}
            </option>
          ))}
        </select>
        <p className="muted hint" id={`${profileId}-help`}>
          {t(PROFILE?.place?.help ?? 'run.profileHelp')}
        </p>
        <ErrorNote id={`${profileId}-error`} problem={profileError ?? problemAt('profile')} />
      </div>
    </fieldset>
  )
}
