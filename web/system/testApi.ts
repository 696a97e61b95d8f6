// window.__aqmSystem: what the system view drew, frame by frame, for the end-to-end tests (e2e/tests/
// system-view.spec.ts): the engine's queue length in the frame it drew from, and the slots and marks drawn.

export interface SystemDraw {
  /** The view frame's arrival number (ViewFrameMsg.seq) and simulated time. */
  seq: number
  simTime: number
  /** The engine's q_pkts in that same frame. */
  qPkts: number
  perSlot: number
  /** Filled slots drawn. */
  slots: number
  /** Drops and marks the engine reported in that frame, and the marks this draw started for them. */
  eventsTotal: number
  dropMarks: number
  ceMarks: number
  /** Animation frames drawn since the view frame arrived (0: the first one after it). */
  rafsAfterArrival: number
}

export interface SystemTestApi {
  /** The last draws (at most LOG). */
  draws(): SystemDraw[]
  /** Since the page loaded: view frames drawn, and the drops and marks they reported. */
  totals(): { frames: number; events: number }
  reducedMotion(): boolean
}

declare global {
  interface Window {
    __aqmSystem?: SystemTestApi
  }
}

const LOG = 2000
const log: SystemDraw[] = []
const totals = { frames: 0, events: 0 }

export function recordDraw(d: SystemDraw): void {
  totals.frames++
  totals.events += d.eventsTotal
  if (log.length >= LOG) log.splice(0, log.length - LOG + 1)
  log.push(d)
}

export function installSystemTestApi(reducedMotion: () => boolean): () => void {
  const api: SystemTestApi = { draws: () => log.slice(), totals: () => ({ ...totals }), reducedMotion }
  window.__aqmSystem = api
  return () => {
    if (window.__aqmSystem === api) delete window.__aqmSystem
  }
}
