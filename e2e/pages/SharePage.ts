// Share, embed and link problems as a person finds them (roles and labels, words from the page's own
// `share` catalogue), and the lab's test hooks for comparing runs (window.__aqm.traceDigest).
import { expect, type Frame, type Locator, type Page } from '@playwright/test'
import { catalogue, type Language } from '../catalogue'
import type {} from '../../web/testApi' // brings in the window.__aqm declaration

export class SharePage {
  readonly page: Page
  readonly t: ReturnType<typeof catalogue>
  readonly shareButton: Locator
  readonly dialog: Locator
  readonly linkField: Locator
  readonly copyLink: Locator
  /** The note that says what is wrong with a link or file, with the way on. */
  readonly problems: Locator

  constructor(page: Page, language: Language = 'en') {
    this.page = page
    const t = (this.t = catalogue(language, 'share'))
    this.shareButton = page.getByRole('button', { name: t('button'), exact: true })
    this.dialog = page.getByRole('dialog', { name: t('dialog.title') })
    this.linkField = this.dialog.getByRole('textbox', { name: t('link.label') })
    this.copyLink = this.dialog.getByRole('button', { name: t('link.copy'), exact: true })
    this.problems = page.getByRole('alert').filter({
      has: page.getByRole('heading', {
        name: new RegExp(`^(${t('problems.linkTitle')}|${t('problems.fileTitle')})$`),
      }),
    })
  }

  /** Opens `query` (relative to the lab) and waits until the engine runs. */
  async open(query: string): Promise<void> {
    await this.page.goto(query)
    await expect.poll(() => this.page.evaluate(() => (window.__aqm?.algorithms().length ?? 0) > 0)).toBe(true)
  }

  async openDialog(): Promise<void> {
    await this.shareButton.click()
    await expect(this.dialog).toBeVisible()
  }

  button(key: string, scope: Locator | Page = this.page): Locator {
    return scope.getByRole('button', { name: this.t(key), exact: true })
  }
}

/** The lab's test hooks in a page or a frame. */
export function labApi(target: Page | Frame) {
  return {
    ready: () => target.evaluate(() => (window.__aqm?.algorithms().length ?? 0) > 0),
    simTime: () => target.evaluate(() => window.__aqm?.simTime() ?? Number.NaN),
    playing: () => target.evaluate(() => window.__aqm?.playing() ?? false),
    epoch: () => target.evaluate(() => window.__aqm?.epoch() ?? -1),
    scenario: () => target.evaluate(() => window.__aqm?.scenario() ?? null),
    aqm: () => target.evaluate(() => window.__aqm?.aqm() ?? null),
    /** trace_digest of every sample with t ≤ seconds; null until the run got that far. */
    digest: (seconds: number) => target.evaluate((s) => window.__aqm?.traceDigest(s) ?? null, seconds),
  }
}
