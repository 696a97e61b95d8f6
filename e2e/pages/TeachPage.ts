// The teaching views (web/presets, web/compare, web/sweep, web/walkthrough), found the way a person
// finds them, in the page's language, and their read-only test hooks (window.__aqmCompare/__aqmSweep).
import { readFileSync } from 'node:fs'
import { expect, type Locator, type Page } from '@playwright/test'
import { catalogue, type Language } from '../catalogue'
import type {} from '../../web/compare/compareApi'
import type {} from '../../web/sweep/sweepApi'

export class TeachPage {
  readonly page: Page
  readonly t: ReturnType<typeof catalogue>
  readonly app: ReturnType<typeof catalogue>
  readonly consoleErrors: string[] = []

  constructor(page: Page, language: Language = 'en') {
    this.page = page
    this.t = catalogue(language, 'teach')
    this.app = catalogue(language, 'app')
    page.on('console', (msg) => {
      if (msg.type() === 'error') this.consoleErrors.push(msg.text())
    })
    page.on('pageerror', (err) => this.consoleErrors.push(`pageerror: ${err.message}`))
  }

  async goto(search: string): Promise<void> {
    await this.page.goto(`./${search}`)
  }

  card(id: string): Locator {
    return this.page.getByTestId(`preset-card-${id}`)
  }

  get presetInfo(): Locator {
    return this.page.getByTestId('preset-info')
  }

  /** A lesson's current step (its `data-step` names it). */
  get walkStep(): Locator {
    return this.page.getByTestId('walk-step')
  }

  /** A lesson's Next button. */
  get walkNext(): Locator {
    return this.page.getByRole('button', { name: this.t('walk.next'), exact: true })
  }

  side(k: number): Locator {
    return this.page.getByTestId(`compare-side-${k}`)
  }

  get differenceSummary(): Locator {
    return this.page.getByRole('region', { name: this.t('compare.summary') })
  }

  compareSides() {
    return this.page.evaluate(() => window.__aqmCompare?.sides() ?? [])
  }

  trafficDigests() {
    return this.page.evaluate(() => window.__aqmCompare?.trafficDigests() ?? null)
  }

  compareSummaries() {
    return this.page.evaluate(() => window.__aqmCompare?.summaries() ?? [])
  }

  /** Each side's replications (seed + r at index r). */
  compareReplications() {
    return this.page.evaluate(() => window.__aqmCompare?.replications() ?? [])
  }

  sweepStatus() {
    return this.page.evaluate(() => window.__aqmSweep?.status() ?? 'none')
  }

  sweep() {
    return this.page.evaluate(() => {
      const api = window.__aqmSweep
      if (api === undefined) throw new Error('no sweep view')
      return {
        scenarios: api.scenarios(),
        results: api.results(),
        runs: api.runs(),
        progress: api.progress(),
        workers: api.workersStarted(),
        poolSize: api.poolSize(),
        cores: navigator.hardwareConcurrency,
      }
    })
  }

  /** The plotted points of the sweep chart, with the engine's exact values. */
  plotted(): Promise<Array<{ side: number; x: number; y: string }>> {
    return this.page
      .getByTestId('sweep-chart')
      .locator('circle.sweep-point')
      .evaluateAll((els) =>
        els.map((el) => ({
          side: Number(el.getAttribute('data-side')),
          x: Number(el.getAttribute('data-x')),
          y: el.getAttribute('data-y') ?? '',
        })),
      )
  }

  /** Presses the sweep's Run and waits (up to `timeout` ms) until every run has finished. */
  async runSweep(timeout: number): Promise<void> {
    await this.page.getByRole('button', { name: this.t('sweep.run'), exact: true }).click()
    await expect.poll(() => this.sweepStatus(), { timeout }).toBe('finished')
  }

  /** Presses the sweep's CSV export and reads the file it downloads, line by line. */
  async sweepCsv(): Promise<string[]> {
    const download = this.page.waitForEvent('download')
    await this.page.getByRole('button', { name: this.t('sweep.export_csv') }).click()
    return readFileSync(await (await download).path(), 'utf8')
      .trimEnd()
      .split('\n')
  }

  /** Plays Compare until every side has passed `seconds` of simulated time (within `timeout` ms) and pauses. */
  async playCompareUntil(seconds: number, timeout: number): Promise<void> {
    await this.page.getByRole('button', { name: this.app('transport.play') }).click()
    await expect
      .poll(async () => Math.min(...(await this.compareSides()).map((s) => s.simTime)), { timeout })
      .toBeGreaterThan(seconds)
    await this.page.getByRole('button', { name: this.app('transport.pause') }).click()
  }

  /** Waits (up to `timeout` ms) until Compare's difference summary has every side's runs, and returns it. */
  async differenceComplete(timeout: number): Promise<Locator> {
    await expect(this.differenceSummary).toHaveAttribute('data-complete', 'true', { timeout })
    return this.differenceSummary
  }

  /** Opens Compare at `search` and waits (up to `timeout` ms) for every side's runs: the difference summary,
   * and each side's replications. */
  async compareRuns(search: string, timeout: number) {
    await this.goto(search)
    const summary = await this.differenceComplete(timeout)
    return { summary, reps: await this.compareReplications() }
  }
}
