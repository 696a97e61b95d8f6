// Typed proxy over window.__aqm (see web/testApi.ts), evaluated in the page or in a frame (an embed).
import type { Frame, Page } from '@playwright/test'
import type { AlgorithmInfo, AqmConfig, AqmState, RunSummary } from '../web/engine/protocol'
import type {} from '../web/testApi' // brings in the window.__aqm declaration

export class SimApi {
  private readonly page: Page | Frame
  constructor(page: Page | Frame) {
    this.page = page
  }

  /** True once the page installed window.__aqm and the engine announced itself. */
  ready(): Promise<boolean> {
    return this.page.evaluate(() => (window.__aqm?.algorithms().length ?? 0) > 0)
  }
  simTime(): Promise<number> {
    return this.page.evaluate(() => window.__aqm?.simTime() ?? Number.NaN)
  }
  samplesReceived(): Promise<number> {
    return this.page.evaluate(() => window.__aqm?.samplesReceived() ?? 0)
  }
  latestQueue(n: number): Promise<number[]> {
    return this.page.evaluate((k) => window.__aqm?.latestQueue(k) ?? [], n)
  }
  /** [t, value] of one sampled column from `fromS` on (what the page still holds). */
  trace(column: string, fromS: number): Promise<Array<[number, number]>> {
    return this.page.evaluate(([c, from]) => window.__aqm?.trace(c, from) ?? [], [column, fromS] as const)
  }
  /** The page's trace columns: the engine's, then its traced state entries (`state_<name>`). */
  columns(): Promise<string[]> {
    return this.page.evaluate(() => window.__aqm?.columns() ?? [])
  }
  /** Playback speed (simulated s per wall s; Infinity at full speed). */
  speed(): Promise<number> {
    return this.page.evaluate(() => window.__aqm?.speed() ?? Number.NaN)
  }
  playing(): Promise<boolean> {
    return this.page.evaluate(() => window.__aqm?.playing() ?? false)
  }
  /** The scenario the running simulation was built from, parsed; null before the first. */
  scenario(): Promise<unknown> {
    return this.page.evaluate(() => window.__aqm?.scenario() ?? null)
  }
  /** trace_digest of every sample with t ≤ seconds; null until the run got that far. */
  digest(seconds: number): Promise<string | null> {
    return this.page.evaluate((s) => window.__aqm?.traceDigest(s) ?? null, seconds)
  }
  aqm(): Promise<AqmConfig | null> {
    return this.page.evaluate(() => window.__aqm?.aqm() ?? null)
  }
  /** The AQM's internal state with the latest frame (RED's averaged queue is `avg`). */
  aqmState(): Promise<AqmState> {
    return this.page.evaluate(() => window.__aqm?.aqmState() ?? {})
  }
  /** The latest run summary the worker sent (since the warm-up); null before the first of this run. */
  summary(): Promise<RunSummary | null> {
    return this.page.evaluate(() => window.__aqm?.summary() ?? null)
  }
  algorithms(): Promise<AlgorithmInfo[]> {
    return this.page.evaluate(() => window.__aqm?.algorithms() ?? [])
  }
  errors(): Promise<Record<string, string>> {
    return this.page.evaluate(() => window.__aqm?.errors() ?? {})
  }
  /** Which simulation runs: Apply and reset start the next one. */
  epoch(): Promise<number> {
    return this.page.evaluate(() => window.__aqm?.epoch() ?? Number.NaN)
  }
  /** Flows in the running scenario, over all flow groups. */
  totalFlows(): Promise<number> {
    return this.page.evaluate(() => {
      const s = window.__aqm?.scenario()
      const flows = typeof s === 'object' && s !== null && 'flows' in s && Array.isArray(s.flows) ? s.flows : []
      return flows.reduce(
        (n: number, g: unknown) =>
          n + (typeof g === 'object' && g !== null && 'count' in g && typeof g.count === 'number' ? g.count : 0),
        0,
      )
    })
  }
  /** The running link's rate, Mbit/s. */
  linkRate(): Promise<number> {
    return this.page.evaluate(() => {
      const s = window.__aqm?.scenario()
      const link = typeof s === 'object' && s !== null && 'link' in s ? s.link : null
      return typeof link === 'object' && link !== null && 'rate_mbps' in link && typeof link.rate_mbps === 'number'
        ? link.rate_mbps
        : Number.NaN
    })
  }

  /** The label the page shows for one parameter of one algorithm. */
  async paramLabel(kind: string, name: string): Promise<string> {
    const info = (await this.algorithms()).find((a) => a.kind === kind)
    const label = info?.params.find((p) => p.name === name)?.label
    if (label === undefined) throw new Error(`engine has no parameter ${kind}.${name}`)
    return label
  }
}
