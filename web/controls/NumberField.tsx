// One labelled number of the experiment (link, flows, seed), with its unit. What is typed goes
// into the draft at once; text that is not a number is flagged here and kept out of any Apply.
// The engine's verdict on the value arrives after Apply and is shown in the same place.
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Json } from '../scenario/json'
import { fieldBounds, readFieldInput, type NumberSpec } from './fieldInput'
import { displayValue } from './paramInput'
import { unitName } from '../i18n/names'
import { ErrorNote, type Problem } from './ErrorNote'

export function fieldId(path: string): string {
  return `field-${path.replace(/[^\w]+/g, '-')}`
}

interface NumberFieldProps {
  spec: NumberSpec
  value: Json | undefined
  problem: Problem | undefined
  onChange(path: string, value: number | null): void
}

export function NumberField({ spec, value, problem, onChange }: NumberFieldProps) {
  const { t, i18n } = useTranslation()
  const [text, setText] = useState<string | null>(null)
  const [reason, setReason] = useState<'number' | 'whole' | 'range' | null>(null)
  const bounds = useMemo(() => fieldBounds(spec.path), [spec.path])
  const id = fieldId(spec.path)
  const shown = text ?? (typeof value === 'number' && Number.isFinite(value) ? displayValue(value) : '')
  const unit = unitName(t, spec.unit)
  const num = (v: number | undefined) =>
    v === undefined ? '' : v.toLocaleString(i18n.resolvedLanguage ?? 'en', { maximumFractionDigits: 6 })
  // Named as the form labels the field, in the reader's language, with the limits the engine applies.
  const rangeText = () => {
    const values = {
      field: t(spec.label, spec.labelValues),
      min: num(bounds.min),
      max: num(bounds.max),
      unit: unit === '' ? '' : ` ${unit}`,
    }
    if (bounds.min !== undefined && bounds.max !== undefined) return t('scenario.fieldErrors.range', values)
    return t(bounds.min !== undefined ? 'scenario.fieldErrors.atLeast' : 'scenario.fieldErrors.atMost', values)
  }
  const error: Problem | undefined =
    reason === 'range' ? rangeText() : reason !== null ? t(`scenario.fieldErrors.${reason}`) : problem

  const change = (next: string, badInput: boolean) => {
    setText(next)
    // A number input reports letters as an empty value plus `badInput`.
    const read = badInput ? ({ ok: false, reason: 'number' } as const) : readFieldInput(next, spec, bounds)
    setReason(read.ok ? null : read.reason)
    onChange(spec.path, read.ok ? read.value : Number.NaN)
  }

  return (
    <div className={`field${error !== undefined ? ' field-invalid' : ''}`}>
      <label htmlFor={id}>
        {t(spec.label, spec.labelValues)}
        {unit !== '' && <span className="unit"> ({unit})</span>}
      </label>
      <input
        id={id}
        type="number"
        inputMode={spec.integer ? 'numeric' : 'decimal'}
        step={spec.integer ? 1 : 'any'}
        value={shown}
        placeholder={spec.optional ? t(spec.emptyLabel ?? 'flows.stopNever') : undefined}
        aria-invalid={error !== undefined}
        aria-describedby={error !== undefined ? `${id}-error` : undefined}
        onChange={(e) => change(e.target.value, e.target.validity.badInput)}
        onBlur={() => {
          if (reason === null) setText(null) // show the value as the draft holds it
        }}
      />
      <ErrorNote id={`${id}-error`} problem={error} />
    </div>
  )
}
