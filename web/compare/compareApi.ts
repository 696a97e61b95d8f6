// window.__aqmCompare: read-only hooks for the end-to-end tests: each side's scenario and clock, the
// digests of its AQM-independent columns until the first drop on any side, and the summaries.
import type { SummaryJson } from '../engine/summary'
import { firstSignalTime, prefixDigest, trafficColumns } from './traffic'
import type { Side } from '../engine/side'

export interface CompareTestApi {
  sides(): Array<{ scenario: unknown; simTime: number; rows: number; kind: string | null; ready: boolean }>
  /** Digests of the traffic columns of every side, over the rows before the first drop or mark on any side. */
  trafficDigests(): { before: number; columns: string[]; sides: Array<{ rows: number; digest: string }> }
  /** Each side's first run (the scenario's own seed). */
  summaries(): (SummaryJson | null)[]
  /** Each side's replications, seed + r at index r (null until finished). */
  replications(): (SummaryJson | null)[][]
  /** The label and scenario each side's replications run (a side's edits included). */
  summarySides(): Array<{ label: string; scenario: unknown }>
}

declare global {
  interface Window {
    __aqmCompare?: CompareTestApi
  }
}

export function installCompareApi(
  sides: readonly Side[],
  summaries: () => (SummaryJson | null)[],
  replications: () => (SummaryJson | null)[][] = () => summaries().map((s) => [s]),
  summarySides: () => ReadonlyArray<{ label: string; scenario: string }> = () =>
    sides.map((s) => ({ label: '', scenario: s.scenario })),
): () => void {
  const api: CompareTestApi = {
    sides: () =>
      sides.map((s) => {
        const snap = s.store.getSnapshot()
        return {
          scenario: s.value,
          simTime: s.store.live().simTime,
          rows: s.store.buffer?.received ?? 0,
          kind: snap.aqm?.kind ?? null,
          ready: s.onScenario(),
        }
      }),
    trafficDigests: () => {
      const buffers = sides.map((s) => s.store.buffer)
      const before = Math.min(...buffers.map((b) => (b === null ? 0 : firstSignalTime(b))))
      const columns = trafficColumns(buffers[0]?.columns ?? [])
      return {
        before,
        columns,
        sides: buffers.map((b) => (b === null ? { rows: 0, digest: '' } : prefixDigest(b, columns, before))),
      }
    },
    summaries,
    replications,
    summarySides: () => summarySides().map((s) => ({ label: s.label, scenario: JSON.parse(s.scenario) as unknown })),
  }
  window.__aqmCompare = api
  return () => {
    if (window.__aqmCompare === api) delete window.__aqmCompare
  }
}
