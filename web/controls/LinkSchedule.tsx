// The time-varying link and the reverse path, below the link's fixed settings: capacity steps, a slot
// pattern of random rates, delay steps (docs/time-varying-links.md), and the ACK path's own bottleneck.
// Every number is checked as it is typed (NumberField), and a step before the one above it is flagged at
// once; the engine's verdict on Apply lands on the same field.
import { useTranslation } from 'react-i18next'
import { getAt, isObject, type JsonObject } from '../scenario/json'
import { NumberField, fieldId } from './NumberField'
import { CheckField } from './CheckField'
import { ErrorNote } from './ErrorNote'
import type { DraftEditorProps } from './LinkSettings'
import type { NumberSpec } from './scenarioDraft'
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

/** An optional part of the link (`link.<key>`): a switch with its help, and its fields while it is on. */
function OptionalPart({
  path,
  label,
  help,
  fields,
  toggle,
  draft,
  problemAt,
  onEdit,
  onUpdate,
}: DraftEditorProps & {
  path: string
  label: string
  help: string
  fields: NumberSpec[]
  toggle: (draft: JsonObject, on: boolean) => JsonObject
}) {
  const { t } = useTranslation()
  const on = isObject(getAt(draft, path))
  return (
    <>
      <CheckField
        path={path}
        label={t(label)}
        help={t(help)}
        checked={on}
        onChange={(checked) => onUpdate((d) => toggle(d, checked))}
        wide
      >
        <ErrorNote id={`${fieldId(path)}-error`} problem={problemAt(path)} />
      </CheckField>
      {on &&
        fields.map((f) => (
          <NumberField
            key={f.path}
            spec={f}
            value={getAt(draft, f.path)}
            problem={problemAt(f.path)}
            onChange={onEdit}
          />
        ))}
    </>
  )
}

export function LinkSchedule(props: DraftEditorProps) {
  const { t } = useTranslation()
  return (
    <fieldset className="subpanel" data-testid="link-schedule">
      <legend>{t('schedule.panel')}</legend>
      <p className="muted hint">{t('schedule.help')}</p>
      <div className="field-grid">
        <StepRows list="rate_schedule" {...props} />
        <OptionalPart
          path="link.rate_slots"
          label="schedule.slots"
          help="schedule.slotsHelp"
          fields={SLOT_FIELDS}
          toggle={setSlots}
          {...props}
        />
        <StepRows list="delay_schedule" {...props} />
        <OptionalPart
          path="link.reverse"
          label="schedule.reverse"
          help="schedule.reverseHelp"
          fields={REVERSE_FIELDS}
          toggle={setReverse}
          {...props}
        />
      </div>
    </fieldset>
  )
}
