// window.__aqm: typed read-only hooks for the end-to-end tests (and curious people in the
// console). Installed in every build; it only reads the page's own state.
import type { AlgorithmInfo, AqmConfig } from './engine/protocol'
import type { SimStore } from './engine/store'

export interface AqmTestApi {
  /** Simulated time of the latest frame, seconds. */
  simTime(): number
  framesReceived(): number
  /** Sample rows received since the current simulation started. */
  samplesReceived(): number
  /** The last `n` instantaneous queue lengths (packets), oldest first. */
  latestQueue(n: number): number[]
  columns(): string[]
  playing(): boolean
  aqm(): AqmConfig | null
  /** The engine's algorithm catalogue (labels, parameter schemas). */
  algorithms(): AlgorithmInfo[]
  /** Current error messages, keyed by control ("set-param:min_th", "run", ...). */
  errors(): Record<string, string>
}

declare global {
  interface Window {
    __aqm?: AqmTestApi
  }
}

export function installTestApi(store: SimStore): () => void {
  const snap = () => store.getSnapshot()
  const api: AqmTestApi = {
    simTime: () => snap().simTime,
    framesReceived: () => snap().framesReceived,
    samplesReceived: () => store.buffer?.received ?? 0,
    latestQueue: (n) => store.buffer?.tail('q_pkts', n) ?? [],
    columns: () => snap().columns,
    playing: () => snap().playing,
    aqm: () => snap().aqm,
    algorithms: () => snap().algorithms,
    errors: () => Object.fromEntries(Object.entries(snap().errors).map(([k, e]) => [k, e.message])),
  }
  window.__aqm = api
  return () => {
    if (window.__aqm === api) delete window.__aqm
  }
}
