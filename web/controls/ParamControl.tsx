// One algorithm parameter: a slider for dragging and a number field for exact values, with
// its unit, help text and range. An error (ours or the engine's) appears right beside it; the
// simulation keeps the last good value meanwhile.
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { ParamSchema } from '../engine/protocol'
import { ErrorNote, type Problem } from './ErrorNote'
import { checkParamInput, displayValue, formatNumber, SLIDER_STEPS, sliderScale } from './paramInput'

interface ParamControlProps {
  /** The engine's schema, with "queue unit" already resolved to the actual unit. */
  schema: ParamSchema
  /** The parameter's name and unit in the reader's language. */
  label: string
  unitLabel: string
  /** The help text is the engine's English (it cites the paper); marked so for screen readers. */
  helpLang: string
  /** The value the running simulation uses. */
  running: number | boolean | string | undefined
  /** Upper end of the slider when the schema's range is far wider than useful. */
  sliderCap?: number
  engineError: Problem | undefined
  /** Worksheet mode: shown, not changeable (web/teacher). */
  locked?: boolean
  /** Why it does not act now (a sibling's setting, engine `applies_when`): shown, disabled, its value kept. */
  inactive?: string
  /** The algorithm, so an engine problem names its parameters as the panel does. */
  aqmKind?: string
  onCommit(value: number): void
}

export function ParamControl({
  schema,
  label,
  unitLabel,
  helpLang,
  running,
  sliderCap,
  engineError,
  locked = false,
  inactive,
  aqmKind,
  onCommit,
}: ParamControlProps) {
  const { t } = useTranslation()
  const id = useId()
  const [draft, setDraft] = useState<string | null>(null)
  const [localError, setLocalError] = useState<string | undefined>(undefined)
  const error = localError ?? engineError
  const text = draft ?? displayValue(running)
  const unit = unitLabel === '' ? '' : ` (${unitLabel})`
  const describedBy = `${id}-help${inactive !== undefined ? ` ${id}-condition` : ''}${error !== undefined ? ` ${id}-error` : ''}`
  const disabled = locked || inactive !== undefined
  // Under every kind of control: why it does not act now.
  const conditionNote = inactive !== undefined && (
    <small id={`${id}-condition`} className="param-condition">
      {inactive}
    </small>
  )
  // A threshold's schema allows any queue length; the buffer (sliderCap) is the limit that matters here,
  // and the engine names it if a value goes beyond.
  const shownMax = sliderCap !== undefined ? Math.min(schema.max, sliderCap) : schema.max
  const range = {
    min: formatNumber(schema.min),
    max: formatNumber(shownMax),
    unit: unitLabel === '' ? '' : ` ${unitLabel}`,
  }

  // Under a checkbox or a choice: the schema's help as it stands, then any refusal.
  const plainNotes = (
    <>
      <small id={`${id}-help`} lang={helpLang}>
        {schema.help}
      </small>
      {conditionNote}
      <ErrorNote id={`${id}-error`} problem={error} aqmKind={aqmKind} />
    </>
  )

  const commit = (value: string) => {
    const checked = checkParamInput(value, schema)
    if (!checked.ok) {
      setLocalError(t(`params.errors.${checked.reason}`, { label, text: value.trim(), ...range }))
      return
    }
    setLocalError(undefined)
    onCommit(checked.value)
  }

  if (schema.boolean) {
    const on = running === true || running === 1
    return (
      <div className="param" role="group" aria-label={label} data-inactive={inactive !== undefined || undefined}>
        <label className="param-check">
          <input
            type="checkbox"
            checked={on}
            disabled={disabled}
            onChange={(e) => onCommit(e.target.checked ? 1 : 0)}
            aria-describedby={describedBy}
          />
          {label}
        </label>
        {plainNotes}
      </div>
    )
  }

  // A choice: the engine reports it by name and takes its index.
  const choices = schema.choices ?? []
  if (choices.length > 0) {
    const index = typeof running === 'number' ? running : schema.default
    const current = typeof running === 'string' ? running : (choices[index] ?? choices[0])
    return (
      <div
        className="param"
        role="group"
        aria-label={label}
        data-locked={locked || undefined}
        data-inactive={inactive !== undefined || undefined}
      >
        <label htmlFor={`${id}-value`}>{label}</label>
        <select
          id={`${id}-value`}
          value={current}
          disabled={disabled}
          onChange={(e) => onCommit(choices.indexOf(e.target.value))}
          aria-describedby={describedBy}
        >
          {choices.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
        {plainNotes}
      </div>
    )
  }

  const scale = sliderScale(schema, sliderCap)
  const typed = checkParamInput(text, schema)
  const sliderAt = typed.ok ? typed.value : typeof running === 'number' ? running : schema.default
  return (
    <div
      className={`param${error !== undefined ? ' param-invalid' : ''}${locked ? ' param-locked' : ''}`}
      role="group"
      aria-label={label}
      data-locked={locked || undefined}
      data-inactive={inactive !== undefined || undefined}
    >
      <label htmlFor={`${id}-value`}>
        {label}
        {unit}
      </label>
      <div className="param-inputs">
        <input
          type="range"
          aria-label={t('params.slider', { label })}
          aria-valuetext={`${displayValue(sliderAt)}${unit}`}
          min={0}
          max={SLIDER_STEPS}
          step={1}
          disabled={disabled}
          value={scale.toPosition(sliderAt)}
          onChange={(e) => {
            const v = String(scale.fromPosition(Number(e.target.value)))
            setDraft(v)
            commit(v)
          }}
        />
        <input
          id={`${id}-value`}
          type="number"
          inputMode="decimal"
          min={schema.min}
          max={schema.max}
          step={schema.integer ? 1 : schema.step > 0 ? schema.step : 'any'}
          value={text}
          disabled={disabled}
          aria-invalid={error !== undefined}
          aria-describedby={describedBy}
          onChange={(e) => setDraft(e.target.value)}
          onBlur={(e) => commit(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') commit(e.currentTarget.value)
          }}
        />
      </div>
      <small id={`${id}-help`}>
        <span lang={helpLang}>{schema.help}.</span> {t('params.range', range)}
        {error !== undefined &&
          running !== undefined &&
          ` ${t('params.stillRunning', { value: displayValue(running) })}`}
        {locked && ` ${t('teacher.lockedParam')}`}
      </small>
      {conditionNote}
      <ErrorNote id={`${id}-error`} problem={error} aqmKind={aqmKind} />
    </div>
  )
}
