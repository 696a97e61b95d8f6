// One flow group: how many flows, which TCP, what traffic, their RTT range and timing, ECN.
import { useTranslation } from 'react-i18next'
import {
  flowDefault,
  groupFields,
  RECOVERY_KINDS,
  setTrafficKind,
  TCP_SWITCHES,
  trafficFields,
  trafficKind,
  TRAFFIC_KINDS,
} from './scenarioDraft'
import { getAt, type JsonObject } from '../scenario/json'
import { ccFields, ccValue, congestionControl, setVariant, TCP_VARIANTS } from './congestionControls'
import { CheckField } from './CheckField'
import { NumberField, fieldId } from './NumberField'
import type { DraftEditorProps } from './LinkSettings'

interface FlowGroupEditorProps extends DraftEditorProps {
  index: number
  group: JsonObject
  removable: boolean
  onRemove(): void
}

/** A TCP switch of the group: writes true or false at `path`. */
function Check({
  path,
  onEdit,
  ...rest
}: {
  path: string
  label: string
  help?: string
  checked: boolean
  onEdit: DraftEditorProps['onEdit']
}) {
  return <CheckField path={path} onChange={(on) => onEdit(path, on)} {...rest} />
}

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
  const p = (key: string) => `flows[${index}].${key}`
  const kind = trafficKind(group)
  const tcp = kind === 'ftp' || kind === 'http'
  const fields = groupFields(index)
  const number = (spec: (typeof fields.main)[number]) => (
    <NumberField
      key={spec.path}
      spec={spec}
      value={getAt(draft, spec.path) ?? flowDefault(spec.path.slice(spec.path.lastIndexOf('.') + 1))}
      problem={problemAt(spec.path)}
      onChange={onEdit}
    />
  )
  const variant = String(group.tcp ?? flowDefault('tcp') ?? 'reno')
  const flag = (key: string) => (group[key] ?? flowDefault(key)) === true
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
        {fields.main.map(number)}
        {tcp && (
          <div className="field">
            <label htmlFor={fieldId(p('tcp'))}>{t('flows.tcp')}</label>
            <select
              id={fieldId(p('tcp'))}
              value={variant}
              onChange={(e) => {
                const next = e.target.value
                onUpdate((d) => setVariant(d, index, next))
              }}
            >
              {TCP_VARIANTS.map((v) => (
                <option key={v} value={v}>
                  {t(`tcp.${v}`, { defaultValue: congestionControl(v)?.label ?? v })}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className="field span-2">
          <label htmlFor={fieldId(p('traffic.kind'))}>{t('flows.traffic')}</label>
          <select
            id={fieldId(p('traffic.kind'))}
            value={kind}
            onChange={(e) => {
              const next = TRAFFIC_KINDS.find((k) => k === e.target.value)
              if (next) onUpdate((d) => setTrafficKind(d, index, next))
            }}
          >
            {TRAFFIC_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`traffic.${k}`)}
              </option>
            ))}
          </select>
        </div>
        {trafficFields(group, index).map(number)}
        {fields.timing.map(number)}
        {tcp && <Check path={p('ecn')} label={t('flows.ecn')} checked={group.ecn === true} onEdit={onEdit} />}
      </div>
      <details>
        <summary>{t('flows.more')}</summary>
        <div className="field-grid">
          {fields.more.map(number)}
          {tcp && (
            <Check
              path={p('delayed_ack')}
              label={t('flows.delayedAck')}
              checked={group.delayed_ack === true}
              onEdit={onEdit}
            />
          )}
          {tcp && (
            <Check
              path={p('whole_segment_cuts')}
              label={t('flows.wholeSegmentCuts')}
              checked={group.whole_segment_cuts === true}
              onEdit={onEdit}
            />
          )}
          {tcp && (
            <div className="field span-2">
              <label htmlFor={fieldId(p('recovery'))}>{t('flows.recovery')}</label>
              <select
                id={fieldId(p('recovery'))}
                value={String(group.recovery ?? flowDefault('recovery') ?? RECOVERY_KINDS[0])}
                onChange={(e) => onEdit(p('recovery'), e.target.value)}
                aria-describedby={`${fieldId(p('recovery'))}-help`}
              >
                {RECOVERY_KINDS.map((k) => (
                  <option key={k} value={k}>
                    {t(`recovery.${k}`, { defaultValue: k })}
                  </option>
                ))}
              </select>
              <p className="muted hint" id={`${fieldId(p('recovery'))}-help`}>
                {t('flows.recoveryHelp')}
              </p>
            </div>
          )}
          {tcp &&
            TCP_SWITCHES.map((key) => (
              <Check
                key={key}
                path={p(key)}
                label={t(`flows.${key}`)}
                help={t(`flows.${key}Help`)}
                checked={flag(key)}
                onEdit={onEdit}
              />
            ))}
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
                  <Check
                    key={f.path}
                    path={f.path}
                    label={label}
                    help={help}
                    checked={value === true}
                    onEdit={onEdit}
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
