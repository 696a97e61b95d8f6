// The parameter panel, generated from the running algorithm's schema.
import { useTranslation } from 'react-i18next'
import type { TFunction } from 'i18next'
import type { AlgorithmInfo, AqmConfig, ParamSchema } from '../engine/protocol'
import { unmetCondition } from '../catalog/conditions'
import type { ShownError } from '../engine/store'
import { isPackets, QUEUE_UNIT, resolveUnit } from '../engine/units'
import { algorithmName, paramName, unitName } from '../i18n/names'
import { ParamControl } from './ParamControl'
import { isParamHidden, isParamLocked } from '../scenario/teacherView'

interface ParamPanelProps {
  info: AlgorithmInfo | undefined
  aqm: AqmConfig | null
  /** What "queue unit" means right now (packets or bytes). */
  queueUnit: string
  /** The bottleneck buffer in `queueUnit`, when known: the useful end of threshold sliders. */
  bufferSize: number | null
  errors: Record<string, ShownError>
  onChange(name: string, value: number): void
}

/**
 * A parameter whose range follows the buffer (engine `range_follows: "buffer"`: RED's thresholds, PI's q_ref,
 * selective drop's q_thresh) ends its slider at the buffer when both count the same thing: "queue unit", or
 * packets while the queue counts packets. Their schemas allow up to 10^6 packets or more, which left the knob
 * stuck at the slider's left end.
 */
function sliderCapOf(p: ParamSchema, queueUnit: string, bufferSize: number | null): number | undefined {
  if (bufferSize === null || p.range_follows !== 'buffer') return undefined
  if (p.unit === QUEUE_UNIT) return bufferSize
  return isPackets(p.unit) && isPackets(queueUnit) ? bufferSize : undefined
}

/**
 * Why `p` does not act under `aqm` ("Applies only with Scheduler: ts_fifo"), or undefined when it does. Disabled
 * with this note rather than hidden: the reader sees what the parameter waits for, the panel does not jump
 * when the sibling changes, and the value stays as set for when it acts again.
 */
function conditionNote(t: TFunction, info: AlgorithmInfo, p: ParamSchema, aqm: AqmConfig): string | undefined {
  const unmet = unmetCondition(info.params, p, aqm)
  if (unmet === undefined) return undefined
  const { condition, sibling } = unmet
  const values = condition.values.map((v) => (sibling.boolean ? t(`params.${v}`) : v)).join(', ')
  return t('params.appliesWhen', { param: paramName(t, info.kind, sibling), values })
}

export function ParamPanel({ info, aqm, queueUnit, bufferSize, errors, onChange }: ParamPanelProps) {
  const { t } = useTranslation()
  if (!info || !aqm) return null
  const title = t('params.panel', { algorithm: algorithmName(t, info) })
  return (
    <section className="panel" aria-label={title}>
      <h2>{title}</h2>
      {info.params.length === 0 && <p className="muted">{t('params.none')}</p>}
      {info.params
        .filter((p) => !isParamHidden(p.name))
        .map((p) => {
          const unit = resolveUnit(p.unit, queueUnit)
          const running = aqm[p.name] // a list (GFR's per-VC rates) has no one control
          return (
            <ParamControl
              key={`${info.kind}:${p.name}`}
              schema={{ ...p, unit }}
              label={paramName(t, info.kind, p)}
              unitLabel={unitName(t, unit)}
              helpLang="en"
              running={Array.isArray(running) ? undefined : running}
              sliderCap={sliderCapOf(p, queueUnit, bufferSize)}
              engineError={errors[`set-param:${p.name}`]}
              locked={isParamLocked(p.name)}
              inactive={conditionNote(t, info, p, aqm)}
              aqmKind={info.kind}
              onCommit={(v) => onChange(p.name, v)}
            />
          )
        })}
    </section>
  )
}
