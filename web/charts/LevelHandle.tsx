// A threshold on the queue chart: a dashed line across the plot with its name and value, and a grip
// at the right end; drag it (anywhere along the line) or focus it and use the arrow keys.
import { useTranslation } from 'react-i18next'
import type { AqmConfig } from '../engine/protocol'
import { paramName } from '../i18n/names'
import type { AxisScale } from './Axis'
import { DragHandle } from './DragHandle'
import { formatValue } from './format'
import { gripSpan, type Span } from './gripSpan'
import { dragBounds, resolutionFor, type DragParam } from './thresholds'

/** The grip's outline width (.grip in charts.css): inside the span, or it would take presses meant for a near line. */
const GRIP_STROKE = 1.5

interface LevelHandleProps {
  param: DragParam
  aqm: AqmConfig
  /** Unit as shown to people ("packets"). */
  unit: string
  /** Unit kind for the drag resolution ("packets", "bytes", "ms"). */
  unitKind?: string
  y: AxisScale
  width: number
  bufferLimit: number | null
  error: string | undefined
  onSend(name: string, value: number): void
  onDragging(active: boolean): void
  className?: string
  /** Write the label under the line: another level sits just above, where the label would go. */
  labelBelow?: boolean
  /** The grip's and press band's extent around the line (web/charts/gripSpan.ts): off-centre when another
   * threshold's line is near, so that each press goes to the nearest line. */
  span?: Span
}

export function LevelHandle({
  param,
  aqm,
  unit,
  unitKind,
  y,
  width,
  bufferLimit,
  error,
  onSend,
  onDragging,
  className,
  labelBelow,
  span = gripSpan(Infinity, Infinity),
}: LevelHandleProps) {
  const { top, bottom } = span
  const mid = (top + bottom) / 2
  // The name in the reader's language (the engine's label is English).
  const { t } = useTranslation()
  const name = paramName(t, aqm.kind, param.schema)
  const [d0, d1] = y.domain()
  const resolution = resolutionFor(unitKind ?? 'packets', Math.abs(d1 - d0), param.value)
  const bounds = dragBounds(param, aqm, resolution, bufferLimit)
  return (
    <DragHandle
      param={param}
      unit={unit}
      axis="y"
      scale={y}
      bounds={bounds}
      resolution={resolution}
      error={error}
      onSend={onSend}
      onDragging={onDragging}
    >
      {(pos, value, active) => (
        <g className={`level ${className ?? ''}`} transform={`translate(0,${pos})`}>
          <rect className="level-hit-band" x={0} y={top} width={width} height={bottom - top} />
          <line className="level-line" x1={0} x2={width} />
          <g data-testid={`threshold-${param.name}`}>
            <text className="level-label" x={width - 22} y={labelBelow ? 14 : -5} textAnchor="end">
              {name} = {formatValue(value)}
            </text>
          </g>
          <rect
            className={`grip${active ? ' grip-active' : ''}`}
            x={width - 16}
            y={top + GRIP_STROKE / 2}
            width={16}
            height={Math.max(0, bottom - top - GRIP_STROKE)}
            rx={Math.min(3, (bottom - top) / 2)}
          />
          {bottom - top >= 10 && (
            <path
              className="grip-arrows"
              d={`M${width - 8},${mid - 4.5} l-2.5,3 h5 z M${width - 8},${mid + 4.5} l-2.5,-3 h5 z`}
            />
          )}
        </g>
      )}
    </DragHandle>
  )
}
