// The run: its length and warm-up, the seed behind every random stream, and which implementation's
// defaults it follows ("Behave as": the papers, ns-2, ns-3, Linux).
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { PROFILES, RUN_FIELDS, SEED_FIELD } from './scenarioDraft'
import { getAt, parseObject, type Json, type JsonObject } from '../scenario/json'
import { NumberField, fieldId } from './NumberField'
import { ErrorNote, type Problem } from './ErrorNote'
import { problemOfError } from '../engine/engineProblem'
import type { DraftEditorProps } from './LinkSettings'
import { loadMainEngine } from '../engine/mainEngine'
import { schema } from '../scenario/model'

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

export function RunSettings({ draft, problemAt, onEdit, onUpdate }: DraftEditorProps) {
  const { t } = useTranslation()
  const [profileError, setProfileError] = useState<Problem | undefined>(undefined)
  const profileId = fieldId('profile')
  const profile = String(getAt(draft, 'profile') ?? schema.properties?.profile?.default ?? PROFILES[0])
  const defaults: Record<string, Json | undefined> = { duration: schema.properties?.duration?.default }
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
        {RUN_FIELDS.map((spec) => {
          const value = getAt(draft, spec.path) ?? defaults[spec.path]
          return (
            <NumberField key={spec.path} spec={spec} value={value} problem={problemAt(spec.path)} onChange={onEdit} />
          )
        })}
      </div>
      <p className="muted hint">{t('run.warmupHint')}</p>
      <div className="seed-row">
        <NumberField
          spec={SEED_FIELD}
          value={getAt(draft, SEED_FIELD.path)}
          problem={problemAt(SEED_FIELD.path)}
          onChange={onEdit}
        />
        <button type="button" onClick={() => onEdit(SEED_FIELD.path, newSeed())}>
          {t('run.newSeed')}
        </button>
      </div>
      <p className="muted hint">{t('run.seedHint')}</p>
      <div className={`field${profileError !== undefined ? ' field-invalid' : ''}`}>
        <label htmlFor={profileId}>{t('run.profile')}</label>
        <select
          id={profileId}
          value={profile}
          aria-describedby={`${profileId}-help`}
          onChange={(e) => chooseProfile(e.target.value)}
        >
          {PROFILES.map((p) => (
            <option key={p} value={p}>
              {t(`run.profiles.${p}`, { defaultValue: p })}
            </option>
          ))}
        </select>
        <p className="muted hint" id={`${profileId}-help`}>
          {t('run.profileHelp')}
        </p>
        <ErrorNote id={`${profileId}-error`} problem={profileError ?? problemAt('profile')} />
      </div>
    </fieldset>
  )
}
