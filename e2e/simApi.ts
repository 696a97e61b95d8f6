// Typed proxy over window.__aqm (see web/testApi.ts), evaluated in the page.
import type { Page } from '@playwright/test'
import type { AlgorithmInfo, AqmConfig } from '../web/engine/protocol'
import type {} from '../web/testApi' // brings in the window.__aqm declaration

export class SimApi {
  private readonly page: Page
  constructor(page: Page) {
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
  playing(): Promise<boolean> {
    return this.page.evaluate(() => window.__aqm?.playing() ?? false)
  }
  aqm(): Promise<AqmConfig | null> {
    return this.page.evaluate(() => window.__aqm?.aqm() ?? null)
  }
  algorithms(): Promise<AlgorithmInfo[]> {
    return this.page.evaluate(() => window.__aqm?.algorithms() ?? [])
  }
  errors(): Promise<Record<string, string>> {
    return this.page.evaluate(() => window.__aqm?.errors() ?? {})
  }

  /** The label the page shows for one parameter of one algorithm. */
  async paramLabel(kind: string, name: string): Promise<string> {
    const info = (await this.algorithms()).find((a) => a.kind === kind)
    const label = info?.params.find((p) => p.name === name)?.label
    if (label === undefined) throw new Error(`engine has no parameter ${kind}.${name}`)
    return label
  }
}
