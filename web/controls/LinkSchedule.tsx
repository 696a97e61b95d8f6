// The time-varying link and the reverse path, below the link's fixed settings: capacity steps, a slot
// pattern of random rates, delay steps (docs/time-varying-links.md), and the ACK path's own bottleneck.
// Every number is checked as it is typed (NumberField), and a step before the one above it is flagged at
// once; the engine's verdict on Apply lands on the same field.
import { useTranslation } from 'react-i18next'
import { getAt, isObject } from '../scenario/json'
import { NumberField, fieldId } from './NumberField'
import { ErrorNote } from './ErrorNote'
import type { DraftEditorProps } from './LinkSettings'
import './schedule.css'
import {
  REVERSE_FIELDS,
  SLOT_FIELDS,
  addStep,
  outOfOrder,
  removeStep,
  setReverse,
  setSlots,
  stepFields,
  steps,
  type StepList,
} from './linkSchedule'

function StepRows({ list, draft, problemAt, onEdit, onUpdate }: DraftEditorProps & { list: StepList }) {
  const { t } = useTranslation()
  const rows = steps(draft, list)
  const title = t(list === 'rate_schedule' ? 'schedule.rateSteps' : 'schedule.delaySteps')
  return (
    <div className="schedule-list span-2" role="group" aria-label={title} data-testid={`schedule-${list}`}>
      <p className="schedule-title">{title}</p>
      {rows.length === 0 && (
        <p className="muted hint">{t(list === 'rate_schedule' ? 'schedule.noRateSteps' : 'schedule.noDelaySteps')}</p>
      )}
      {rows.map((_, i) => {
        const [at, value] = stepFields(list, i)
        const order = outOfOrder(draft, list, i) ? t('schedule.order', { n: i + 1 }) : undefined
        return (
          <div className="schedule-row" key={i}>
            <NumberField
              spec={at}
              value={getAt(draft, at.path)}
              problem={problemAt(at.path) ?? order}
              onChange={onEdit}
            />
            <NumberField
              spec={value}
              value={getAt(draft, value.path)}
              problem={problemAt(value.path)}
              onChange={onEdit}
            />
            <button type="button" onClick={() => onUpdate((d) => removeStep(d, list, i))}>
              {t('schedule.remove', { n: i + 1 })}
            </button>
          </div>
        )
      })}
      <button type="button" onClick={() => onUpdate((d) => addStep(d, list))}>
        {t(list === 'rate_schedule' ? 'schedule.addRate' : 'schedule.addDelay')}
      </button>
    </div>
  )
}

export function LinkSchedule(props: DraftEditorProps) {
  const { t } = useTranslation()
  const { draft, problemAt, onEdit, onUpdate } = props
  const slotsOn = isObject(getAt(draft, 'link.rate_slots'))
  const reverseOn = isObject(getAt(draft, 'link.reverse'))
  return (
    <fieldset className="subpanel" data-testid="link-schedule">
      <legend>{t('schedule.panel')}</legend>
      <p className="muted hint">{t('schedule.help')}</p>
      <div className="field-grid">
        <StepRows list="rate_schedule" {...props} />
        <div className="check-field span-2">
          <label className="check">
            <input
              type="checkbox"
              checked={slotsOn}
              aria-describedby={`${fieldId('link.rate_slots')}-help`}
              onChange={(e) => onUpdate((d) => setSlots(d, e.target.checked))}
            />
            {t('schedule.slots')}
          </label>
          <p className="muted hint" id={`${fieldId('link.rate_slots')}-help`}>
            {t('schedule.slotsHelp')}
          </p>
          <ErrorNote id={`${fieldId('link.rate_slots')}-error`} problem={problemAt('link.rate_slots')} />
        </div>
        {slotsOn &&
          SLOT_FIELDS.map((f) => (
            <NumberField
              key={f.path}
              spec={f}
              value={getAt(draft, f.path)}
              problem={problemAt(f.path)}
              onChange={onEdit}
            />
          ))}
        <StepRows list="delay_schedule" {...props} />
        <div className="check-field span-2">
          <label className="check">
            <input
              type="checkbox"
              checked={reverseOn}
              aria-describedby={`${fieldId('link.reverse')}-help`}
              onChange={(e) => onUpdate((d) => setReverse(d, e.target.checked))}
            />
            {t('schedule.reverse')}
          </label>
          <p className="muted hint" id={`${fieldId('link.reverse')}-help`}>
            {t('schedule.reverseHelp')}
          </p>
          <ErrorNote id={`${fieldId('link.reverse')}-error`} problem={problemAt('link.reverse')} />
        </div>
        {reverseOn &&
          REVERSE_FIELDS.map((f) => (
            <NumberField
              key={f.path}
              spec={f}
              value={getAt(draft, f.path)}
              problem={problemAt(f.path)}
              onChange={onEdit}
            />
          ))}
      </div>
    </fieldset>
  )
}
