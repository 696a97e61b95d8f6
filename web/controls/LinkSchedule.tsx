// The time-varying link and the reverse path, below the link's fixed settings: capacity steps, a slot
// pattern of random rates, delay steps (docs/time-varying-links.md), and the ACK path's own bottleneck.
// Every field is drawn from the engine's declarations (FieldPanel groups `schedule.*`); a step before the
// one above it is flagged at once; the engine's verdict on Apply lands on the same field.
import { useTranslation } from 'react-i18next'
import { FieldPanel, type DraftEditorProps } from './FieldPanel'
import './schedule.css'
import { addStep, outOfOrder, removeStep, steps, type StepList } from './linkSchedule'

const ROW_GROUP: Record<StepList, string> = {
  rate_schedule: 'schedule.rate_step',
  delay_schedule: 'schedule.delay_step',
}

function StepRows({ list, ...props }: DraftEditorProps & { list: StepList }) {
  const { draft, problemAt, onUpdate } = props
  const { t } = useTranslation()
  const rows = steps(draft, list)
  const rate = list === 'rate_schedule'
  const title = t(rate ? 'schedule.rateSteps' : 'schedule.delaySteps')
  return (
    <div className="schedule-list span-2" role="group" aria-label={title} data-testid={`schedule-${list}`}>
      <p className="schedule-title">{title}</p>
      {rows.length === 0 && <p className="muted hint">{t(rate ? 'schedule.noRateSteps' : 'schedule.noDelaySteps')}</p>}
      {rows.map((_, i) => {
        const order = outOfOrder(draft, list, i) ? t('schedule.order', { n: i + 1 }) : undefined
        // The order note goes on the row's first field, its time.
        const problemOf = (path: string) => problemAt(path) ?? (path.endsWith('.at_s') ? order : undefined)
        return (
          <div className="schedule-row" key={i}>
            <FieldPanel group={ROW_GROUP[list]} at={[i]} labelValues={{ n: i + 1 }} {...props} problemAt={problemOf} />
            <button type="button" onClick={() => onUpdate((d) => removeStep(d, list, i))}>
              {t('schedule.remove', { n: i + 1 })}
            </button>
          </div>
        )
      })}
      <button type="button" onClick={() => onUpdate((d) => addStep(d, list))}>
        {t(rate ? 'schedule.addRate' : 'schedule.addDelay')}
      </button>
    </div>
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
        <FieldPanel group="schedule.slots" {...props} />
        <StepRows list="delay_schedule" {...props} />
        <FieldPanel group="schedule.reverse" {...props} />
      </div>
    </fieldset>
  )
}
