// The one page object: panels located the way a person finds them (roles and labels).
import type { Locator, Page } from '@playwright/test'

export class AppPage {
  readonly page: Page
  readonly playButton: Locator
  readonly pauseButton: Locator
  readonly algorithm: Locator
  readonly queueChart: Locator
  readonly simTimeReadout: Locator
  /** Console errors and uncaught page errors seen since the page object was created. */
  readonly consoleErrors: string[] = []

  constructor(page: Page) {
    this.page = page
    this.playButton = page.getByRole('button', { name: 'Play', exact: true })
    this.pauseButton = page.getByRole('button', { name: 'Pause', exact: true })
    this.algorithm = page.getByLabel('Algorithm', { exact: true })
    this.queueChart = page.getByTestId('queue-chart')
    this.simTimeReadout = page.getByTestId('sim-time')
    page.on('console', (msg) => {
      if (msg.type() === 'error') this.consoleErrors.push(msg.text())
    })
    page.on('pageerror', (err) => this.consoleErrors.push(`pageerror: ${err.message}`))
  }

  async goto(): Promise<void> {
    await this.page.goto('./')
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

  threshold(name: string): Locator {
    return this.queueChart.getByTestId(`threshold-${name}`)
  }

  /** The chart canvas as a data URL, to tell whether the drawing changed. */
  chartPixels(): Promise<string> {
    return this.queueChart.locator('canvas').evaluate((c) => (c instanceof HTMLCanvasElement ? c.toDataURL() : ''))
  }
}
