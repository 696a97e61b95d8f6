// One flow group: the engine's flow-group fields (FieldPanel groups `flows` and `flows.more`: how many flows,
// which TCP, what traffic, their RTT range and timing, ECN, the TCP switches), then the running congestion
// control's own parameters from its declaration (./congestionControls).
import { useTranslation } from 'react-i18next'
import { setTrafficKind, trafficKind } from './scenarioDraft'
import type { JsonObject } from '../scenario/json'
import { ccFields, ccValue, congestionControl, setVariant, TCP_VARIANTS } from './congestionControls'
import { CheckField } from './CheckField'
import { NumberField, fieldId } from './NumberField'
import { FieldPanel, type DraftEditorProps } from './FieldPanel'
import { declAt, pathAt, shownDefault } from '../scenario/fields'

interface FlowGroupEditorProps extends DraftEditorProps {
  index: number
  group: JsonObject
  removable: boolean
  onRemove(): void
}

const TCP = declAt('flows[].tcp')

export function FlowGroupEditor({
  index,
  group,
  removable,
  onRemove,
  draft,
  problemAt,
  onEdit,
  onUpdate,
}: FlowGroupEditorProps) {
  const { t } = useTranslation()
  const props = { draft, problemAt, onEdit, onUpdate, at: [index] }
  const variant = String(group.tcp ?? (TCP && shownDefault(TCP)) ?? TCP_VARIANTS[0])
  const tcpId = fieldId(pathAt('flows[].tcp', [index]))
  // The variant list is the congestion-control registry's (a test-only one included), not the field's choices.
  const tcpSelect = () => (
    <div className="field">
      <label htmlFor={tcpId}>{t(TCP?.place?.label ?? 'flows.tcp')}</label>
      <select id={tcpId} value={variant} onChange={(e) => onUpdate((d) => setVariant(d, index, e.target.value))}>
        {TCP_VARIANTS.map((v) => (
          <option key={v} value={v}>
            {t(`tcp.${v}`, { defaultValue: congestionControl(v)?.label ?? v })}
          </option>
        ))}
      </select>
    </div>
  )
  const update = { 'flows[].traffic': (d: JsonObject, kind: string) => setTrafficKind(d, index, kind) }
  const tcp = TCP?.place?.when_traffic?.includes(trafficKind(group)) ?? true
  const n = index + 1
  return (
    <fieldset className="flow-group">
      <legend>{t('flows.group', { n })}</legend>
      {removable && (
        <button
          type="button"
          className="remove"
          onClick={onRemove}
          aria-label={t('flows.remove', { n })}
          title={t('flows.remove', { n })}
        >
          ✕
        </button>
      )}
      <div className="field-grid">
        <FieldPanel group="flows" update={update} render={{ 'flows[].tcp': tcpSelect }} {...props} />
      </div>
      <details>
        <summary>{t('flows.more')}</summary>
        <div className="field-grid">
          <FieldPanel group="flows.more" {...props} />
          {tcp &&
            ccFields(variant, index).map((f) => {
              const label = t(`flows.${f.param.name}`, { defaultValue: f.param.label })
              const help = t(`flows.${f.param.name}Help`, { defaultValue: f.param.help })
              if (f.kind === 'number')
                return (
                  <NumberField
                    key={f.spec.path}
                    spec={f.spec}
                    value={ccValue(draft, f.spec.path, f.param)}
                    problem={problemAt(f.spec.path)}
                    onChange={onEdit}
                  />
                )
              const value = ccValue(draft, f.path, f.param)
              if (f.kind === 'switch')
                return (
                  <CheckField
                    key={f.path}
                    path={f.path}
                    label={label}
                    help={help}
                    checked={value === true}
                    onChange={(on) => onEdit(f.path, on)}
                  />
                )
              return (
                <div className="field span-2" key={f.path}>
                  <label htmlFor={fieldId(f.path)}>{label}</label>
                  <select
                    id={fieldId(f.path)}
                    value={String(value)}
                    onChange={(e) => onEdit(f.path, e.target.value)}
                    aria-describedby={`${fieldId(f.path)}-help`}
                  >
                    {(f.param.choices ?? []).map((c) => (
                      <option key={c} value={c}>
                        {t(`flows.${f.param.name}_${c}`, { defaultValue: c })}
                      </option>
                    ))}
                  </select>
                  <p className="muted hint" id={`${fieldId(f.path)}-help`}>
                    {help}
                  </p>
                </div>
              )
            })}
        </div>
      </details>
    </fieldset>
  )
}
