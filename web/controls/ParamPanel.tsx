// The parameter panel, generated from the running algorithm's schema.
import type { AlgorithmInfo, AqmConfig } from '../engine/protocol'
import type { ShownError } from '../engine/store'
import { QUEUE_UNIT, resolveUnit } from '../engine/units'
import { ParamControl } from './ParamControl'

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

export function ParamPanel({ info, aqm, queueUnit, bufferSize, errors, onChange }: ParamPanelProps) {
  if (!info || !aqm) return null
  return (
    <section className="panel" aria-label={`${info.label} parameters`}>
      <h2>{info.label} parameters</h2>
      {info.params.length === 0 && <p className="muted">This algorithm has no parameters.</p>}
      {info.params.map((p) => (
        <ParamControl
          key={`${info.kind}:${p.name}`}
          schema={{ ...p, unit: resolveUnit(p.unit, queueUnit) }}
          running={aqm[p.name]}
          sliderCap={p.unit === QUEUE_UNIT && bufferSize !== null ? bufferSize : undefined}
          engineError={errors[`set-param:${p.name}`]?.message}
          onCommit={(v) => onChange(p.name, v)}
        />
      ))}
    </section>
  )
}
