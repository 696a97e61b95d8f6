// The handles on the drop-probability curve: min_th and max_th slide along the queue axis (a marker
// under the axis with a guide up to the curve), max_p slides up and down at max_th.
import type { AqmConfig } from '../engine/protocol'
import type { ShownError } from '../engine/store'
import type { AxisScale } from './Axis'
import { DragHandle } from './DragHandle'
import { formatValue } from './format'
import { dragBounds, resolutionFor, type CurveParams } from './thresholds'

interface CurveHandlesProps {
  params: CurveParams
  aqm: AqmConfig
  /** The queue axis' unit: "packets" or "bytes"; `unit` is how it reads on screen. */
  unitKind: string
  unit: string
  x: AxisScale
  y: AxisScale
  height: number
  bufferLimit: number | null
  errors: Record<string, ShownError>
  onSend(name: string, value: number): void
  onDragging(active: boolean): void
}

export function CurveHandles({
  params,
  aqm,
  unitKind,
  unit,
  x,
  y,
  height,
  bufferLimit,
  errors,
  onSend,
  onDragging,
}: CurveHandlesProps) {
  const [x0, x1] = x.domain()
  const prob = params.probability
  return (
    <g className="curve-handles">
      {params.levels.map((p, i) => {
        const res = resolutionFor(unitKind, Math.abs(x1 - x0), p.value)
        return (
          <DragHandle
            key={p.name}
            param={p}
            unit={unit}
            axis="x"
            scale={x}
            bounds={dragBounds(p, aqm, res, bufferLimit)}
            resolution={res}
            error={errors[`set-param:${p.name}`]?.message}
            onSend={onSend}
            onDragging={onDragging}
          >
            {(pos, value, active) => (
              <g className="curve-level" transform={`translate(${pos},0)`}>
                <line className="curve-guide" y1={0} y2={height} />
                <line className="level-hit" y1={0} y2={height + 14} />
                <path className={`grip${active ? ' grip-active' : ''}`} d={`M0,${height} l-7,12 h14 z`} />
                {/* Right half of the plot: the label runs leftwards, so it is not cut at the panel's edge. */}
                <text
                  className="handle-label"
                  y={12 + 14 * i}
                  x={pos > x.range()[1] / 2 ? -4 : 4}
                  textAnchor={pos > x.range()[1] / 2 ? 'end' : 'start'}
                >
                  {p.name} = {formatValue(value)}
                </text>
              </g>
            )}
          </DragHandle>
        )
      })}
      {prob && (
        <DragHandle
          param={prob.param}
          unit=""
          axis="y"
          scale={y}
          bounds={dragBounds(prob.param, aqm, resolutionFor('', 1, prob.param.value), null)}
          resolution={resolutionFor('', 1, prob.param.value)}
          error={errors[`set-param:${prob.param.name}`]?.message}
          onSend={onSend}
          onDragging={onDragging}
        >
          {(pos, value, active) => (
            <g className="curve-p" transform={`translate(${x(prob.at.value)},${pos})`}>
              <line className="curve-guide" x1={-x(prob.at.value)} x2={0} />
              {/* Its hit zone stops at the plot's bottom edge, where the levels' grips are: a small p must not
                  cover max_th's grip. */}
              <circle className="p-hit" r={Math.max(6, Math.min(12, height - pos))} />
              <path className={`grip${active ? ' grip-active' : ''}`} d="M0,-8 L8,0 L0,8 L-8,0 Z" />
              <text className="handle-label" x={-10} y={-10} textAnchor="end">
                {prob.param.name} = {formatValue(value)}
              </text>
            </g>
          )}
        </DragHandle>
      )}
    </g>
  )
}
