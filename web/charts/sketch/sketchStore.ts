// The page's predictions (sketch.ts) outside React: which one is being drawn, the locked ones, and the
// `sketch=` key of the address, kept in step with replaceState so a shared link carries them (the lab's own
// address writer keeps the key, web/share/useShareLink.ts).
import { decodeSketches, encodeSketches, normalise, type Point, type Sketches } from './sketch'

export const SKETCH_KEY = 'sketch'

export interface SketchState {
  sketches: Sketches
  /** The id being drawn (its points may change), or null: every sketch is locked. */
  editing: string | null
}

function readAddress(): Sketches {
  if (typeof window === 'undefined') return {}
  return decodeSketches(new URL(window.location.href).searchParams.get(SKETCH_KEY))
}

/** The current address with `sketch=` set to `value` (removed when empty). */
export function withSketchParam(href: string, value: string): string {
  const url = new URL(href)
  if (value === '') url.searchParams.delete(SKETCH_KEY)
  else url.searchParams.set(SKETCH_KEY, value)
  return url.href
}

export class SketchStore {
  private state: SketchState
  private readonly listeners = new Set<() => void>()
  private readonly writeUrl: boolean

  constructor(options: { initial?: Sketches; writeUrl?: boolean } = {}) {
    this.state = { sketches: options.initial ?? readAddress(), editing: null }
    this.writeUrl = options.writeUrl ?? true
  }

  readonly subscribe = (l: () => void): (() => void) => {
    this.listeners.add(l)
    return () => this.listeners.delete(l)
  }

  readonly getSnapshot = (): SketchState => this.state

  private update(next: SketchState, persist: boolean): void {
    this.state = next
    if (persist) this.persist()
    for (const l of this.listeners) l()
  }

  private persist(): void {
    if (!this.writeUrl || typeof window === 'undefined') return
    const href = withSketchParam(window.location.href, encodeSketches(this.state.sketches))
    if (href === window.location.href) return
    try {
      window.history.replaceState(window.history.state, '', href)
    } catch {
      // A sandboxed frame may not touch its history; the prediction still shows here.
    }
  }

  points(id: string): Point[] {
    return this.state.sketches[id] ?? []
  }

  /** Starts a new drawing for `id`, dropping its old one. */
  start(id: string): void {
    const sketches = { ...this.state.sketches }
    delete sketches[id]
    this.update({ sketches, editing: id }, true)
  }

  /** Replaces the points of the sketch being drawn (ignored when `id` is locked). */
  setPoints(id: string, points: readonly Point[]): void {
    if (this.state.editing !== id) return
    this.update({ ...this.state, sketches: { ...this.state.sketches, [id]: normalise(points) } }, false)
  }

  /** Ends the drawing: the sketch is locked and goes into the address. */
  lock(): void {
    if (this.state.editing === null) return
    const id = this.state.editing
    const sketches = { ...this.state.sketches }
    if ((sketches[id]?.length ?? 0) < 2) delete sketches[id]
    this.update({ sketches, editing: null }, true)
  }

  clear(id: string): void {
    const sketches = { ...this.state.sketches }
    delete sketches[id]
    this.update({ sketches, editing: this.state.editing === id ? null : this.state.editing }, true)
  }
}
