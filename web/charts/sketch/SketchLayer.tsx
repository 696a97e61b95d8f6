// The prediction on the queue chart's plot (SVG, in plot coordinates): while it is being drawn, a surface
// that takes points from a mouse or pen drag, a tap, or the keyboard (arrows move a cursor, Enter adds a
// point, Backspace removes the last); before the run it shows the sketch over the empty chart's first
// window. Once the run has samples, QueueChart draws the locked sketch on its canvas (it then follows the
// time window).
import { useId, useRef, useState, useSyncExternalStore, type KeyboardEvent, type PointerEvent } from 'react'
import { useLive } from '../../engine/useSimulation'
import { useTranslation } from 'react-i18next'
import type { AxisScale } from '../Axis'
import type { SimStore } from '../../engine/store'
import type { Point } from './sketch'
import type { SketchStore } from './sketchStore'

/** Smallest time step between two points taken from one drag, as a share of the window. */
const DRAG_STEP = 1 / 40
/** Cursor steps per window (time) and per axis (queue) for the keyboard. */
const KEY_STEPS = 20

interface SketchLayerProps {
  sketches: SketchStore
  id: string
  sim: SimStore
  /** The window the empty chart shows before the run: [0, span] seconds. */
  span: number
  innerW: number
  innerH: number
  y: AxisScale
}

export function SketchLayer({ sketches, id, sim, span, innerW, innerH, y }: SketchLayerProps) {
  const { t } = useTranslation('teach')
  const state = useSyncExternalStore(sketches.subscribe, sketches.getSnapshot)
  const empty = useLive(sim, (live) => live.simTime === 0)
  const editing = state.editing === id
  const points = state.sketches[id] ?? []
  const [cursor, setCursor] = useState<Point>(() => [0, y.domain()[1] / 2])
  const dragging = useRef(false)
  const hintId = useId()
  if (!editing && (!empty || points.length === 0)) return null

  const x = (tS: number) => (tS / span) * innerW
  const toPoint = (e: PointerEvent<SVGRectElement>): Point => {
    const box = e.currentTarget.getBoundingClientRect()
    const px = Math.min(Math.max(e.clientX - box.left, 0), innerW)
    const py = Math.min(Math.max(e.clientY - box.top, 0), innerH)
    return [(px / innerW) * span, Math.max(0, y.invert(py))]
  }
  const add = (p: Point) => {
    const current = sketches.points(id)
    // A drag adds points as it moves right; one that moves back replaces the points it passes.
    const kept = current.filter(([tS]) => Math.abs(tS - p[0]) >= span * DRAG_STEP * 0.5)
    sketches.setPoints(id, [...kept, p])
    setCursor(p)
  }
  const onKey = (e: KeyboardEvent<SVGGElement>) => {
    const [tS, q] = cursor
    const dq = y.domain()[1] / KEY_STEPS
    const moves: Record<string, Point> = {
      ArrowRight: [Math.min(span, tS + span / KEY_STEPS), q],
      ArrowLeft: [Math.max(0, tS - span / KEY_STEPS), q],
      ArrowUp: [tS, Math.min(y.domain()[1], q + dq)],
      ArrowDown: [tS, Math.max(0, q - dq)],
    }
    if (e.key in moves) setCursor(moves[e.key])
    else if (e.key === 'Enter' || e.key === ' ') add(cursor)
    else if (e.key === 'Backspace' || e.key === 'Delete') sketches.setPoints(id, points.slice(0, -1))
    else return
    e.preventDefault()
  }
  const path = points.map(([tS, q], i) => `${i === 0 ? 'M' : 'L'}${x(tS)},${y(q)}`).join('')

  return (
    <g
      className={`sketch-layer${editing ? ' sketch-editing' : ''}`}
      data-testid="sketch-layer"
      data-points={points.length}
    >
      {editing && (
        <g
          tabIndex={0}
          role="group"
          aria-label={t('sketch.surface', { count: points.length })}
          aria-describedby={hintId}
          onKeyDown={onKey}
          className="sketch-surface"
        >
          <desc id={hintId}>{t('sketch.keys')}</desc>
          <rect
            width={innerW}
            height={innerH}
            data-testid="sketch-surface"
            onPointerDown={(e) => {
              e.stopPropagation()
              e.currentTarget.setPointerCapture?.(e.pointerId)
              dragging.current = true
              add(toPoint(e))
            }}
            onPointerMove={(e) => {
              if (!dragging.current) return
              const p = toPoint(e)
              const last = sketches.points(id).at(-1)
              if (last === undefined || Math.abs(p[0] - last[0]) >= span * DRAG_STEP) add(p)
            }}
            onPointerUp={(e) => {
              if (dragging.current) add(toPoint(e))
              dragging.current = false
            }}
            onPointerCancel={() => (dragging.current = false)}
          />
          <g className="sketch-cursor" transform={`translate(${x(cursor[0])},${y(cursor[1])})`} aria-hidden="true">
            <line x1={-6} x2={6} />
            <line y1={-6} y2={6} />
          </g>
        </g>
      )}
      <path className="sketch-line" d={path} aria-hidden="true" />
      {points.map(([tS, q]) => (
        <circle key={tS} className="sketch-point" cx={x(tS)} cy={y(q)} r={3} aria-hidden="true" />
      ))}
    </g>
  )
}
