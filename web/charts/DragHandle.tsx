// A parameter you drag on a chart: with the mouse (pointer capture, so the drag survives leaving
// the handle) or the keyboard (focus it, arrow keys; Shift or Page keys for bigger steps). The
// value is clamped before it is sent, sent throttled while dragging and once more on release.
// The handle shows the dragged value until the engine has taken it (or refused it).
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react'
import { flushSync } from 'react-dom'
import { useTranslation } from 'react-i18next'
import type { AxisScale } from './Axis'
import { clampDrag, type Bounds, type DragParam } from './thresholds'
import { throttle, type Throttle } from './throttle'
import { formatValue } from './format'
import { isParamHidden, isParamLocked } from '../scenario/teacherView'
import { paramName } from '../i18n/names'

/** Interval between two sends while dragging: the change shows within the next frames. */
export const DRAG_SEND_MS = 40

interface DragHandleProps {
  param: DragParam
  /** Unit shown with the value ("packets", "ms", ""). */
  unit: string
  /** Screen axis the value runs along. */
  axis: 'x' | 'y'
  scale: AxisScale
  bounds: Bounds
  resolution: number
  /** The engine's latest refusal for this parameter: the handle falls back to the running value. */
  error: string | undefined
  onSend(name: string, value: number): void
  onDragging?(active: boolean): void
  /** Draws the handle at `pos` (pixels along `axis`) for `value`. */
  children(pos: number, value: number, active: boolean): ReactNode
}

interface Draft {
  value: number
  dragging: boolean
}

export function DragHandle(props: DragHandleProps) {
  const { param, unit, axis, scale, bounds, resolution, error, children } = props
  const { t } = useTranslation('charts')
  const { t: tApp } = useTranslation()
  const [draft, setDraft] = useState<Draft | null>(null)
  const start = useRef<{ client: number; pos: number } | null>(null)
  const [sender] = useState<Throttle<number>>(() => throttle(DRAG_SEND_MS))
  const send = (v: number) => props.onSend(param.name, v)
  const clearTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(
    () => () => {
      sender.cancel()
      clearTimeout(clearTimer.current)
    },
    [sender],
  )

  // While dragging, or until the engine echoes the value (or refuses it), show the draft.
  const shown =
    draft !== null && (draft.dragging || (draft.value !== param.value && error === undefined))
      ? draft.value
      : param.value
  const active = draft?.dragging ?? false

  const move = (value: number, dragging: boolean) => {
    const v = clampDrag(value, bounds, resolution, param.schema.integer)
    setDraft({ value: v, dragging })
    return v
  }
  const release = (value: number) => {
    sender.flush(value, send)
    setDraft({ value, dragging: false })
    props.onDragging?.(false)
    clearTimeout(clearTimer.current)
    clearTimer.current = setTimeout(() => setDraft(null), 1500)
  }

  const coord = (e: PointerEvent) => (axis === 'x' ? e.clientX : e.clientY)
  const onPointerDown = (e: PointerEvent<SVGGElement>) => {
    if (e.button !== 0) return
    e.preventDefault()
    e.stopPropagation()
    e.currentTarget.setPointerCapture(e.pointerId)
    e.currentTarget.focus()
    start.current = { client: coord(e), pos: scale(shown) }
    props.onDragging?.(true)
    move(shown, true)
  }
  const onPointerMove = (e: PointerEvent<SVGGElement>) => {
    if (start.current === null) return
    const pos = start.current.pos + coord(e) - start.current.client
    // Rendered before this frame is drawn: React would otherwise render a pointer move (a continuous
    // event) in a task of its own, usually after the frame, and the handle would trail the pointer by one.
    let v = 0
    flushSync(() => {
      v = move(scale.invert(pos), true)
    })
    sender.push(v, send)
  }
  const onPointerUp = (e: PointerEvent<SVGGElement>) => {
    if (start.current === null) return
    const pos = start.current.pos + coord(e) - start.current.client
    start.current = null
    release(clampDrag(scale.invert(pos), bounds, resolution, param.schema.integer))
  }

  const onKeyDown = (e: KeyboardEvent<SVGGElement>) => {
    const big = e.shiftKey ? 10 : 1
    const steps: Record<string, number> = {
      ArrowUp: big,
      ArrowRight: big,
      ArrowDown: -big,
      ArrowLeft: -big,
      PageUp: 10,
      PageDown: -10,
    }
    let target: number | null = null
    if (e.key in steps) target = shown + steps[e.key] * resolution
    else if (e.key === 'Home') target = bounds.lo
    else if (e.key === 'End') target = bounds.hi
    if (target === null) return
    e.preventDefault()
    release(move(target, false))
  }

  const text = `${formatValue(shown)}${unit === '' ? '' : ` ${unit}`}`
  // The name in the reader's language (the engine's label is English).
  const label = param.kind === undefined ? param.label : paramName(tApp, param.kind, param.schema)
  // Worksheet mode (web/teacher): a hidden parameter has no handle; a locked one shows its value and
  // ignores pointer and keys.
  if (isParamHidden(param.name)) return null
  const locked = isParamLocked(param.name)
  return (
    <g
      className={`handle${active ? ' handle-active' : ''}${locked ? ' handle-locked' : ''}`}
      role="slider"
      tabIndex={0}
      aria-disabled={locked || undefined}
      aria-label={t('handle.label', { label })}
      aria-orientation={axis === 'x' ? 'horizontal' : 'vertical'}
      aria-valuemin={bounds.lo}
      aria-valuemax={bounds.hi}
      aria-valuenow={shown}
      aria-valuetext={text}
      data-testid={`handle-${param.name}`}
      onPointerDown={locked ? undefined : onPointerDown}
      onPointerMove={locked ? undefined : onPointerMove}
      onPointerUp={locked ? undefined : onPointerUp}
      onPointerCancel={locked ? undefined : onPointerUp}
      onKeyDown={locked ? undefined : onKeyDown}
    >
      <title>{t('handle.title', { label, value: text })}</title>
      {children(scale(shown), shown, active)}
    </g>
  )
}
