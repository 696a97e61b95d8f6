// Pan and zoom through the run's history on any time chart: the wheel zooms around the pointer,
// dragging the plot pans (and leaves live mode; the toolbar's Live button returns to it).
import { useEffect, useRef, type PointerEvent, type RefObject } from 'react'
import { panView, zoomView, type TimeViewStore } from './timeWindow'

export interface TimeDomain {
  t0: number
  t1: number
  latest: number
  /** Plot position inside the SVG, pixels. */
  left: number
  width: number
}

export function useTimeGestures(
  target: RefObject<SVGElement | null>,
  view: TimeViewStore,
  domain: RefObject<TimeDomain>,
) {
  const drag = useRef<{ x: number; view: ReturnType<TimeViewStore['get']> } | null>(null)

  useEffect(() => {
    const el = target.current
    if (!el) return
    const onWheel = (e: WheelEvent) => {
      const d = domain.current
      if (d.width <= 0 || e.deltaY === 0) return
      e.preventDefault()
      const box = el.getBoundingClientRect()
      const f = Math.min(1, Math.max(0, (e.clientX - box.left - d.left) / d.width))
      const anchor = d.t0 + f * (d.t1 - d.t0)
      view.set(zoomView(view.get(), e.deltaY > 0 ? 1.25 : 0.8, anchor, d.latest))
    }
    el.addEventListener('wheel', onWheel, { passive: false })
    return () => el.removeEventListener('wheel', onWheel)
  }, [target, view, domain])

  return {
    onPointerDown(e: PointerEvent<SVGElement>) {
      if (e.button !== 0) return
      e.currentTarget.setPointerCapture(e.pointerId)
      drag.current = { x: e.clientX, view: view.get() }
    },
    onPointerMove(e: PointerEvent<SVGElement>) {
      const d = domain.current
      if (!drag.current || d.width <= 0) return
      const dt = (-(e.clientX - drag.current.x) / d.width) * (d.t1 - d.t0)
      view.set(panView(drag.current.view, dt, d.latest))
    },
    onPointerUp() {
      drag.current = null
    },
  }
}
