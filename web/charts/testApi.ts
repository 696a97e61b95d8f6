// window.__aqmCharts: read-only hooks into the charts for the end-to-end tests and the perf probes
// (how long the charts take to draw per frame, the gaps between frames, and which frame first shows
// a change: scripts/bench-page.mjs times a drag from the input event to that frame).
import { onFrame, type FrameStats } from './frameLoop'

export interface FrameHit {
  /** The animation frame's timestamp (requestAnimationFrame's `now`). */
  frameTime: number
  /** performance.now() in that frame after every chart drew: just before the frame is painted. */
  drawnAt: number
  /** Frames looked at, this one included. */
  frames: number
}

export interface ChartsTestApi {
  frameStats(): FrameStats
  /**
   * Resolves in the first animation frame, after every chart has drawn, in which `probe()` is true
   * (e.g. a threshold the page draws has its new value); null after `timeoutMs` without one.
   */
  frameWhen(probe: () => boolean, timeoutMs?: number): Promise<FrameHit | null>
}

declare global {
  interface Window {
    __aqmCharts?: ChartsTestApi
  }
}

export function frameWhen(probe: () => boolean, timeoutMs = 5000): Promise<FrameHit | null> {
  const started = performance.now()
  let frames = 0
  return new Promise((resolve) => {
    // Registered after the charts, so it runs after they drew in the same frame.
    const off = onFrame((now) => {
      frames++
      const drawnAt = performance.now()
      if (probe()) {
        off()
        resolve({ frameTime: now, drawnAt, frames })
      } else if (drawnAt - started > timeoutMs) {
        off()
        resolve(null)
      }
    }, 'probe')
  })
}

export function installChartsTestApi(api: ChartsTestApi): () => void {
  window.__aqmCharts = api
  return () => {
    if (window.__aqmCharts === api) delete window.__aqmCharts
  }
}
