// The sweep's settings: which preset and sides, which parameter over which values, which metric.
import { useState, type InputHTMLAttributes } from 'react'
import { useTranslation } from 'react-i18next'
import type { Preset } from '../catalog/types'
import { langOf } from '../catalog/types'
import { evenly, formatValues } from './grid'
import { sweepParamLabel } from './params'
import type { Metric } from '../engine/summary'
import { metricLabel } from '../runs/metricLabel'

export interface SweepSettings {
  presetId: string
  sides: number[]
  param: string
  valuesText: string
  metric: string
  /** Second parameter of a 2-D sweep ('' for none) and its values. */
  param2: string
  values2Text: string
  /** Runs per point (seeds seed, seed+1, …), as typed. */
  runsText: string
}

interface SweepFormProps {
  presets: Preset[]
  preset: Preset
  sideLabels: string[]
  settings: SweepSettings
  params: string[]
  metrics: Metric[]
  integer: boolean
  valuesError: string | null
  values2Error: string | null
  runsError: string | null
  running: boolean
  onChange(patch: Partial<SweepSettings>): void
  onRun(): void
  onCancel(): void
}

export function SweepForm(p: SweepFormProps) {
  const { t, i18n } = useTranslation('teach')
  const lang = langOf(i18n.resolvedLanguage)
  const [range, setRange] = useState({ from: '', to: '', count: '8' })
  const { t: tApp } = useTranslation()
  // The parameter's name and unit in the reader's language; no scenario path (a student-facing list).
  const paramLabel = (path: string) => sweepParamLabel(tApp, path)
  const fill = () => {
    const [from, to, count] = [Number(range.from), Number(range.to), Number(range.count)]
    if ([from, to, count].every(Number.isFinite) && count >= 1)
      p.onChange({ valuesText: formatValues(evenly(from, to, count, p.integer)) })
  }
  return (
    <form
      className="panel sweep-form"
      aria-label={t('sweep.settings')}
      onSubmit={(e) => {
        e.preventDefault()
        p.onRun()
      }}
    >
      <SelectField
        id="sweep-preset"
        label={t('sweep.preset')}
        value={p.settings.presetId}
        options={p.presets.map((x) => [x.id, x.title[lang]])}
        onChange={(presetId) => p.onChange({ presetId })}
      />
      <fieldset className="field">
        <legend>{t('sweep.sides')}</legend>
        {p.sideLabels.map((label, k) => (
          <label key={k} className="check">
            <input
              type="checkbox"
              checked={p.settings.sides.includes(k)}
              onChange={(e) =>
                p.onChange({
                  sides: e.target.checked
                    ? [...p.settings.sides, k].sort((a, b) => a - b)
                    : p.settings.sides.filter((s) => s !== k),
                })
              }
            />
            {label}
          </label>
        ))}
      </fieldset>
      <SelectField
        id="sweep-param"
        label={t('sweep.param')}
        value={p.settings.param}
        options={p.params.map((path) => [path, paramLabel(path)])}
        onChange={(param) => p.onChange({ param })}
      />
      <InputField
        id="sweep-values"
        label={t('sweep.values')}
        text={p.settings.valuesText}
        error={p.valuesError}
        help={t('sweep.values_help')}
        onChange={(valuesText) => p.onChange({ valuesText })}
      />
      <div className="sweep-range" role="group" aria-label={t('sweep.range')}>
        {(['from', 'to', 'count'] as const).map((k) => (
          <label key={k}>
            {t(`sweep.range_${k}`)}
            <input type="number" value={range[k]} onChange={(e) => setRange({ ...range, [k]: e.target.value })} />
          </label>
        ))}
        <button type="button" onClick={fill}>
          {t('sweep.fill')}
        </button>
      </div>
      <SelectField
        id="sweep-param2"
        label={t('replicate.param2')}
        value={p.settings.param2}
        options={[
          ['', t('replicate.param2_none')],
          ...p.params.filter((path) => path !== p.settings.param).map((path) => [path, paramLabel(path)] as const),
        ]}
        onChange={(param2) => p.onChange({ param2 })}
      />
      {p.settings.param2 !== '' && (
        <InputField
          id="sweep-values2"
          label={t('replicate.values2')}
          text={p.settings.values2Text}
          error={p.values2Error}
          help={t('sweep.values_help')}
          onChange={(values2Text) => p.onChange({ values2Text })}
        />
      )}
      <InputField
        id="sweep-runs"
        label={t('replicate.runs')}
        input={{ type: 'number', min: 1, max: 30, step: 1 }}
        text={p.settings.runsText}
        error={p.runsError}
        help={t('replicate.runs_help')}
        onChange={(runsText) => p.onChange({ runsText })}
      />
      <SelectField
        id="sweep-metric"
        label={t('sweep.metric')}
        value={p.settings.metric}
        options={p.metrics.map((m) => [m.id, metricLabel(t, m)])}
        onChange={(metric) => p.onChange({ metric })}
      />
      <div className="transport-buttons">
        <button
          type="submit"
          className="primary"
          disabled={
            p.running ||
            p.valuesError !== null ||
            p.values2Error !== null ||
            p.runsError !== null ||
            p.settings.sides.length === 0
          }
        >
          {t('sweep.run')}
        </button>
        <button type="button" onClick={p.onCancel} disabled={!p.running}>
          {t('sweep.cancel')}
        </button>
      </div>
    </form>
  )
}

/** A labelled choice among `options` ([value, label] pairs). */
function SelectField(p: {
  id: string
  label: string
  value: string
  options: ReadonlyArray<readonly [string, string]>
  onChange(value: string): void
}) {
  return (
    <div className="field">
      <label htmlFor={p.id}>{p.label}</label>
      <select id={p.id} value={p.value} onChange={(e) => p.onChange(e.target.value)}>
        {p.options.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
    </div>
  )
}

/** A typed setting (a list of values, a number of runs), with its help or what is wrong with it. */
function InputField(p: {
  id: string
  label: string
  /** More of the input's attributes (a number's type and range). */
  input?: InputHTMLAttributes<HTMLInputElement>
  text: string
  error: string | null
  help: string
  onChange(text: string): void
}) {
  return (
    <div className="field">
      <label htmlFor={p.id}>{p.label}</label>
      <input
        id={p.id}
        {...p.input}
        value={p.text}
        aria-invalid={p.error !== null}
        aria-describedby={`${p.id}-help`}
        onChange={(e) => p.onChange(e.target.value)}
      />
      <small
        id={`${p.id}-help`}
        className={p.error === null ? 'muted' : 'error-note'}
        role={p.error === null ? undefined : 'alert'}
      >
        {p.error ?? p.help}
      </small>
    </div>
  )
}
