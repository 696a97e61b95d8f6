// The one page object: panels located the way a person finds them (roles and labels), in the
// language the page is shown in (words come from the page's own catalogues).
import { expect, type Locator, type Page } from '@playwright/test'
import { catalogue, type Language } from '../catalogue'
import type { FrameStats } from '../../web/charts/frameLoop'
import type {} from '../../web/charts/testApi' // brings in the window.__aqmCharts declaration
import type { SimApi } from '../simApi'

/** Labels of number fields end in their unit ("Link rate (Mbit/s)"); match from the start only. */
function startsWith(text: string): RegExp {
  return new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`)
}

/** The middle of an element on screen, where a person grabs it (a grip, a handle). */
export async function centre(l: Locator) {
  const box = await l.boundingBox()
  if (box === null) throw new Error('grip not on screen')
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 }
}

export class AppPage {
  readonly page: Page
  readonly language: Language
  /** The page's text for a catalogue key, in this page object's language. */
  readonly t: ReturnType<typeof catalogue>
  /** The charts' text (web/i18n/locales/<lng>/charts.json). */
  readonly chartsT: ReturnType<typeof catalogue>
  readonly playButton: Locator
  readonly pauseButton: Locator
  readonly stepButton: Locator
  readonly resetButton: Locator
  readonly algorithm: Locator
  readonly queueChart: Locator
  /** The drop-probability panel (curve editor, or p over time for algorithms without a curve). */
  readonly curveChart: Locator
  readonly cwndChart: Locator
  readonly throughputBars: Locator
  readonly fairnessChart: Locator
  readonly delayChart: Locator
  readonly simTimeReadout: Locator
  readonly languagePicker: Locator
  readonly themePicker: Locator
  readonly largeTypeButton: Locator
  readonly applyButton: Locator
  /** The note beside Apply: engine refusals that name no field shown in the editor. */
  readonly applyError: Locator
  /** Console errors and uncaught page errors seen since the page object was created. */
  readonly consoleErrors: string[]

  constructor(page: Page, language: Language = 'en', consoleErrors?: string[]) {
    this.page = page
    this.language = language
    const t = (this.t = catalogue(language))
    this.playButton = page.getByRole('button', { name: t('transport.play'), exact: true })
    this.pauseButton = page.getByRole('button', { name: t('transport.pause'), exact: true })
    this.stepButton = page.getByRole('button', { name: t('transport.step', { seconds: 1 }), exact: true })
    this.resetButton = page.getByRole('button', { name: t('transport.reset'), exact: true })
    this.algorithm = page.getByLabel(t('algorithm.label'), { exact: true })
    this.queueChart = page.getByTestId('queue-chart')
    this.chartsT = catalogue(language, 'charts')
    this.curveChart = page.getByTestId('probability-curve')
    this.cwndChart = page.getByTestId('cwnd-chart')
    this.throughputBars = page.getByTestId('throughput-bars')
    this.fairnessChart = page.getByTestId('fairness-chart')
    this.delayChart = page.getByTestId('delay-chart')
    this.simTimeReadout = page.getByTestId('sim-time')
    this.languagePicker = page.getByLabel(t('view.language'), { exact: true })
    this.themePicker = page.getByLabel(t('view.theme'), { exact: true })
    this.largeTypeButton = page.getByRole('button', { name: t('view.largeType') })
    this.applyButton = page.getByRole('button', { name: t('scenario.apply'), exact: true })
    this.applyError = page.locator('#apply-error')
    if (consoleErrors) {
      this.consoleErrors = consoleErrors
    } else {
      const seen: string[] = (this.consoleErrors = [])
      page.on('console', (msg) => {
        if (msg.type() === 'error') seen.push(msg.text())
      })
      page.on('pageerror', (err) => seen.push(`pageerror: ${err.message}`))
    }
  }

  /** The same page, its controls found by their names in another language. */
  inLanguage(language: Language): AppPage {
    return new AppPage(this.page, language, this.consoleErrors)
  }

  /** Opens the lab at `search` (relative to the lab) and waits for its controls. */
  async goto(search = './'): Promise<void> {
    await this.page.goto(search)
    await this.playButton.waitFor({ state: 'visible' })
  }

  /** One parameter's controls, found by its label (from the engine's schema). */
  param(label: string) {
    const group = this.page.getByRole('group', { name: label, exact: true })
    return {
      group,
      value: group.getByRole('spinbutton'),
      slider: group.getByRole('slider'),
      error: group.getByRole('alert'),
    }
  }

  /** A field of the experiment editor (link, seed), found by its label (which then names the unit). */
  field(key: string) {
    const input = this.page.getByLabel(startsWith(this.t(key)))
    return { input, error: this.page.locator('.field').filter({ has: input }).getByRole('alert') }
  }

  /** Flow group `n` (from 1) of the flow editor. */
  flowGroup(n: number) {
    const group = this.page.getByRole('group', { name: this.t('flows.group', { n }), exact: true })
    return {
      group,
      count: group.getByLabel(startsWith(this.t('flows.count'))),
      tcp: group.getByLabel(startsWith(this.t('flows.tcp'))),
      traffic: group.getByLabel(startsWith(this.t('flows.traffic'))),
      error: group.getByRole('alert'),
    }
  }

  /** The lab's six charts, in the order they are laid out. */
  get charts(): Locator[] {
    return [this.queueChart, this.curveChart, this.cwndChart, this.throughputBars, this.fairnessChart, this.delayChart]
  }

  /** Picks the playback speed "<value>× faster than real time" and plays. */
  async playFast(value: number): Promise<void> {
    await this.page
      .getByLabel(this.t('transport.speed'))
      .selectOption({ label: this.t('transport.speedFast', { value }) })
    await this.playButton.click()
  }

  /** Plays until `seconds` of simulated time and presses pause (the worker has paused on return). */
  async playUntil(sim: SimApi, seconds: number): Promise<void> {
    await this.playButton.click()
    await expect.poll(() => sim.simTime()).toBeGreaterThan(seconds)
    await this.pauseButton.click()
    await expect.poll(() => sim.playing()).toBe(false)
  }

  threshold(name: string): Locator {
    return this.queueChart.getByTestId(`threshold-${name}`)
  }

  /** A parameter's drag handle on a chart (a slider named after the parameter's label). */
  chartHandle(chart: Locator, paramLabel: string) {
    const slider = chart.getByRole('slider', { name: this.chartsT('handle.label', { label: paramLabel }), exact: true })
    // The grip is what a person grabs; the slider's box also spans its label and guide line.
    return { slider, grip: slider.locator('.grip') }
  }

  /** Sweeps the pointer down a vertical line near the right of the cwnd plot until it lands on a trace (a
   * person moving the mouse over the lines); returns the highlighted flow. */
  async hoverCwndTrace(): Promise<number> {
    const plot = await this.cwndChart.locator('.plot-hit').boundingBox()
    if (plot === null) throw new Error('no cwnd plot')
    const x = plot.x + plot.width * 0.9
    let y = plot.y
    await expect(async () => {
      await this.page.mouse.move(x, y)
      y = Math.min(plot.y + plot.height, y + 3)
      await expect(this.cwndChart).not.toHaveAttribute('data-highlight', '', { timeout: 50 })
    }).toPass({ timeout: 20_000, intervals: [0] })
    return Number(await this.cwndChart.getAttribute('data-highlight'))
  }

  /** Chart drawing time and frame gaps over the last frames (window.__aqmCharts). */
  chartFrameStats(): Promise<FrameStats | null> {
    return this.page.evaluate(() => window.__aqmCharts?.frameStats() ?? null)
  }

  /** The chart canvas as a data URL, to tell whether the drawing changed. */
  chartPixels(): Promise<string> {
    return this.queueChart.locator('canvas').evaluate((c) => (c instanceof HTMLCanvasElement ? c.toDataURL() : ''))
  }
}
