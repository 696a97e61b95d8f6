// window.__aqm: typed read-only hooks for the end-to-end tests (and curious people in the
// console). Installed in every build; it only reads the page's own state.
import type { AlgorithmInfo, AqmConfig, AqmState, RunSummary } from './engine/protocol'
import type { SimStore } from './engine/store'
import { loadMainEngine } from './engine/mainEngine'
import { isStateColumn } from './engine/columns'
import { recorderOf } from './session/recorder'

async function traceDigest(store: SimStore, untilS: number, column?: string): Promise<string | null> {
  const rows = store.buffer
  const tCol = rows?.columnIndex('t') ?? -1
  if (!rows || tCol < 0 || rows.length === 0 || rows.at(rows.length - 1, tCol) < untilS) return null
  // The engine's trace only: traced state columns are sampled beside it, outside the digests.
  const all = rows.columns.flatMap((name, i) => (isStateColumn(name) ? [] : [i]))
  const cols = column === undefined ? all : [rows.columnIndex(column)]
  if (cols.some((c) => c < 0)) return null
  const values: number[] = []
  for (let i = 0; i < rows.length && rows.at(i, tCol) <= untilS; i++) for (const c of cols) values.push(rows.at(i, c))
  return (await loadMainEngine()).digest(Float64Array.from(values))
}

function trace(store: SimStore, column: string, fromS: number): Array<[number, number]> {
  const rows = store.buffer
  const [tCol, col] = [rows?.columnIndex('t') ?? -1, rows?.columnIndex(column) ?? -1]
  if (!rows || tCol < 0 || col < 0) return []
  const out: Array<[number, number]> = []
  for (let i = 0; i < rows.length; i++) if (rows.at(i, tCol) >= fromS) out.push([rows.at(i, tCol), rows.at(i, col)])
  return out
}

export interface AqmTestApi {
  /** Simulated time of the latest frame, seconds. */
  simTime(): number
  framesReceived(): number
  /** Sample rows received since the current simulation started. */
  samplesReceived(): number
  /** The last `n` instantaneous queue lengths (packets), oldest first. */
  latestQueue(n: number): number[]
  columns(): string[]
  /** [t, value] of one column for the sampled rows with t ≥ fromS still in the ring buffer, oldest first. */
  trace(column: string, fromS: number): Array<[number, number]>
  playing(): boolean
  /** Playback speed: simulated seconds per wall second (Infinity: as fast as the worker can). */
  speed(): number
  aqm(): AqmConfig | null
  /** The AQM's internal state with the latest frame (RED: `avg`, `count`, ...). */
  aqmState(): AqmState
  /** The latest run summary from the worker (since the warm-up); null before the first of this run. */
  summary(): RunSummary | null
  /** The engine's algorithm catalogue (labels, parameter schemas). */
  algorithms(): AlgorithmInfo[]
  /** Current error messages, keyed by control ("set-param:min_th", "run", ...). */
  errors(): Record<string, string>
  /** The scenario the running simulation was built from (live AQM folded in), parsed; null before the first. */
  scenario(): unknown
  /** Which simulation is running: a rebuild (Apply, reset) starts the next epoch. */
  epoch(): number
  /**
   * The engine's trace_digest of the samples with t ≤ untilS (every column, or only `column`), to compare
   * two runs bit for bit; null while fewer samples than that have arrived.
   */
  traceDigest(untilS: number, column?: string): Promise<string | null>
  /** The running simulation's recorded session, encoded as a replay link carries it (web/session/); null
   * where no recorder runs (views other than the lab) or before the first simulation. */
  sessionLog(): string | null
}

declare global {
  interface Window {
    __aqm?: AqmTestApi
  }
}

export function installTestApi(store: SimStore): () => void {
  const snap = () => store.getSnapshot()
  const api: AqmTestApi = {
    simTime: () => store.live().simTime,
    framesReceived: () => store.live().framesReceived,
    samplesReceived: () => store.buffer?.received ?? 0,
    latestQueue: (n) => store.buffer?.tail('q_pkts', n) ?? [],
    columns: () => snap().columns,
    trace: (column, fromS) => trace(store, column, fromS),
    playing: () => snap().playing,
    speed: () => snap().speed,
    aqm: () => snap().aqm,
    aqmState: () => store.live().aqmState,
    summary: () => snap().summary,
    algorithms: () => snap().algorithms,
    errors: () => Object.fromEntries(Object.entries(snap().errors).map(([k, e]) => [k, e.message])),
    scenario: () => (snap().scenario === '' ? null : JSON.parse(snap().scenario)),
    epoch: () => snap().epoch,
    traceDigest: (untilS, column) => traceDigest(store, untilS, column),
    sessionLog: () => recorderOf(store)?.encoded() ?? null,
  }
  window.__aqm = api
  return () => {
    if (window.__aqm === api) delete window.__aqm
  }
}
