// window.__aqmCharts: read-only hooks into the charts for the end-to-end tests and the perf probe
// (how long the charts take to draw per frame, and the gaps between frames).
import type { FrameStats } from './frameLoop'

export interface ChartsTestApi {
  frameStats(): FrameStats
}

declare global {
  interface Window {
    __aqmCharts?: ChartsTestApi
  }
}

export function installChartsTestApi(api: ChartsTestApi): () => void {
  window.__aqmCharts = api
  return () => {
    if (window.__aqmCharts === api) delete window.__aqmCharts
  }
}
