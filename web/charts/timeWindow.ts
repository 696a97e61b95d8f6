// The time window every time-series chart shows: a span of simulated seconds that either follows
// the newest sample (live) or stays where the person panned it. Pure functions plus a tiny store
// that the charts' frame loop reads and the toolbar subscribes to.

export interface TimeView {
  /** Seconds shown; Infinity shows the whole run. */
  span: number
  /** Right edge in simulated seconds; null follows the newest sample. */
  end: number | null
}

export const DEFAULT_VIEW: TimeView = { span: 20, end: null }
export const MIN_SPAN = 1
/** Spans offered by the toolbar, seconds. */
export const SPANS = [5, 20, 60, 300, Infinity] as const

/** The window [t0, t1] for a run whose newest sample is at `latest`; never starts before 0. */
export function resolveView(view: TimeView, latest: number): [number, number] {
  const newest = Math.max(0, latest)
  if (!Number.isFinite(view.span)) return [0, Math.max(newest, MIN_SPAN)]
  const end = Math.max(view.end === null ? newest : Math.min(view.end, newest), view.span)
  return [end - view.span, end]
}

/** A right edge at (or past) the newest sample means live again. */
function settle(span: number, end: number, latest: number): TimeView {
  return end >= latest ? { span, end: null } : { span, end: Math.max(end, span) }
}

/**
 * Zooms by `factor` (< 1 zooms in) keeping the time under the pointer, `anchor`, where it is on
 * screen. A view that keeps its right edge on the newest sample stays live.
 */
export function zoomView(view: TimeView, factor: number, anchor: number, latest: number): TimeView {
  const [t0, t1] = resolveView(view, latest)
  const span = Math.min(Math.max((t1 - t0) * factor, MIN_SPAN), Math.max(latest, MIN_SPAN))
  if (view.end === null) return { span, end: null }
  const f = t1 > t0 ? Math.min(1, Math.max(0, (anchor - t0) / (t1 - t0))) : 1
  const start = Math.max(0, anchor - f * span)
  return settle(span, start + span, latest)
}

/** Shifts the window by `dt` seconds (negative: back in time). */
export function panView(view: TimeView, dt: number, latest: number): TimeView {
  const [t0, t1] = resolveView(view, latest)
  const span = t1 - t0
  return settle(span, t1 + dt, latest)
}

/** A view with one of the toolbar's spans, keeping the right edge. */
export function withSpan(view: TimeView, span: number): TimeView {
  return { span, end: Number.isFinite(span) ? view.end : null }
}

/** The shared window state: set by gestures and the toolbar, read by every chart each frame. */
export class TimeViewStore {
  private view: TimeView = DEFAULT_VIEW
  private readonly listeners = new Set<() => void>()
  /** Increases with every change, so a chart knows to redraw. */
  revision = 0

  readonly get = (): TimeView => this.view

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  set(view: TimeView): void {
    if (view.span === this.view.span && view.end === this.view.end) return
    this.view = view
    this.revision++
    for (const l of this.listeners) l()
  }
}
