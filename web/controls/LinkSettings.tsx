// The bottleneck link: rate, one-way delay, buffer and its unit, random loss and its pattern; then how it changes during
// the run and the reverse path (LinkSchedule).
import { useTranslation } from 'react-i18next'
import { BUFFER_UNITS, LOSS_PATTERNS, linkFields, setAtm, setBufferUnit } from './scenarioDraft'
import { getAt, isObject, type Json, type JsonObject } from '../scenario/json'
import { NumberField, fieldId } from './NumberField'
import { CheckField } from './CheckField'
import { ErrorNote, type Problem } from './ErrorNote'
import { LinkSchedule } from './LinkSchedule'

export interface DraftEditorProps {
  draft: JsonObject
  problemAt(path: string): Problem | undefined
  onEdit(path: string, value: Json): void
  onUpdate(change: (draft: JsonObject) => JsonObject): void
}

export function LinkSettings(props: DraftEditorProps) {
  const { draft, problemAt, onEdit, onUpdate } = props
  const { t } = useTranslation()
  const unit = getAt(draft, 'link.buffer_unit') === 'bytes' ? 'bytes' : 'packets'
  const [rate, delay, buffer, loss] = linkFields(draft)
  const unitId = fieldId('link.buffer_unit')
  const patternId = fieldId('link.loss_pattern')
  const pattern = getAt(draft, 'link.loss_pattern') === 'periodic' ? 'periodic' : 'random'
  const atm = getAt(draft, 'link.atm')
  const atmOn = isObject(atm)
  const basisId = fieldId('link.atm.cell_rate_basis')
  return (
    <>
      <fieldset className="subpanel">
        <legend>{t('link.panel')}</legend>
        <div className="field-grid">
          <NumberField spec={rate} value={getAt(draft, rate.path)} problem={problemAt(rate.path)} onChange={onEdit} />
          <NumberField
            spec={delay}
            value={getAt(draft, delay.path)}
            problem={problemAt(delay.path)}
            onChange={onEdit}
          />
          <NumberField
            spec={buffer}
            value={getAt(draft, buffer.path)}
            problem={problemAt(buffer.path)}
            onChange={onEdit}
          />
          <div className="field">
            <label htmlFor={unitId}>{t('link.bufferUnit')}</label>
            <select
              id={unitId}
              value={unit}
              onChange={(e) => {
                const next = BUFFER_UNITS.find((u) => u === e.target.value)
                if (next) onUpdate((d) => setBufferUnit(d, next))
              }}
            >
              {BUFFER_UNITS.map((u) => (
                <option key={u} value={u}>
                  {t(`units.${u}`)}
                </option>
              ))}
            </select>
          </div>
          <NumberField spec={loss} value={getAt(draft, loss.path)} problem={problemAt(loss.path)} onChange={onEdit} />
          <div className="field">
            <label htmlFor={patternId}>{t('link.lossPattern')}</label>
            <select id={patternId} value={pattern} onChange={(e) => onEdit('link.loss_pattern', e.target.value)}>
              {LOSS_PATTERNS.map((p) => (
                <option key={p} value={p}>
                  {t(`link.lossPatterns.${p}`)}
                </option>
              ))}
            </select>
          </div>
          <CheckField
            path="link.atm"
            label={t('link.atm')}
            help={t('link.atmHelp')}
            checked={atmOn}
            onChange={(on) => onUpdate((d) => setAtm(d, on))}
            wide
          >
            <ErrorNote id={`${fieldId('link.atm')}-error`} problem={problemAt('link.atm')} />
          </CheckField>
          {atmOn && (
            <div className="field">
              <label htmlFor={basisId}>{t('link.atmBasis')}</label>
              <select
                id={basisId}
                value={atm.cell_rate_basis === 'payload' ? 'payload' : 'line'}
                onChange={(e) => onEdit('link.atm.cell_rate_basis', e.target.value)}
              >
                <option value="line">{t('link.atmBasisLine')}</option>
                <option value="payload">{t('link.atmBasisPayload')}</option>
              </select>
            </div>
          )}
        </div>
      </fieldset>
      <LinkSchedule {...props} />
    </>
  )
}
