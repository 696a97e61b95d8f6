// Share, embed and link problems as a person finds them (roles and labels, words from the page's own
// `share` catalogue), and the lab's test hooks in any page or frame (an embed) that runs the lab.
import { readFile } from 'node:fs/promises'
import { expect, type Download, type Frame, type Locator, type Page } from '@playwright/test'
import { catalogue, type Language } from '../catalogue'
import { SimApi } from '../simApi'
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

  /** Presses what `click` presses and reads the file the page downloads. */
  async saved(click: () => Promise<void>): Promise<{ name: string; bytes: Buffer }> {
    const [download]: [Download, void] = await Promise.all([this.page.waitForEvent('download'), click()])
    return { name: download.suggestedFilename(), bytes: await readFile(await download.path()) }
  }

  /** Drops a file on the lab's charts, as a person dragging it from their desktop would. */
  async dropFile(name: string, type: string, content: string): Promise<void> {
    await this.page.evaluate(
      ([fileName, mime, text]) => {
        const target = document.querySelector('.charts')
        if (!target) throw new Error('no charts')
        const data = new DataTransfer()
        data.items.add(new File([text], fileName, { type: mime }))
        for (const t of ['dragenter', 'dragover', 'drop'])
          target.dispatchEvent(new DragEvent(t, { bubbles: true, cancelable: true, dataTransfer: data }))
      },
      [name, type, content] as const,
    )
  }
}

/** The lab's test hooks in a page or a frame. */
export function labApi(target: Page | Frame): SimApi {
  return new SimApi(target)
}
