// Issue 14, items 14 and 15: a chart exports under its own title and name, at twice its size, with its
// legend and without drag grips; the app's own trace CSV opens again; a file problem always offers to
// keep what runs, and leaves the header usable.
import { readFile } from 'node:fs/promises'
import type { Download, Page } from '@playwright/test'
import { catalogue } from '../catalogue'
import { AppPage } from '../pages/AppPage'
import { labApi } from '../pages/SharePage'
import { test, expect } from '../fixtures'

async function saved(page: Page, click: () => Promise<void>): Promise<{ name: string; bytes: Buffer }> {
  const [download]: [Download, void] = await Promise.all([page.waitForEvent('download'), click()])
  return { name: download.suggestedFilename(), bytes: await readFile(await download.path()) }
}

async function dropFile(page: Page, name: string, type: string, content: string): Promise<void> {
  await page.evaluate(
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

test('charts export under their titles and names, PNG at 2× with the legend and no grips', async ({ page, share }) => {
  const charts = catalogue('en', 'charts')
  const app = new AppPage(page)
  await share.open('./?v=1&seed=21&flows=4&aqm=red&max_th=25&speed=4')
  await app.playButton.click()
  await expect.poll(() => labApi(page).simTime()).toBeGreaterThan(2)
  await app.pauseButton.click()
  await share.openDialog()
  const d = share.dialog
  const select = d.getByRole('combobox', { name: share.t('export.chart') })
  const options = (await select.locator('option').allTextContents()).map((s) => s.trim())
  expect(options).toContain(charts('cwnd.title'))
  expect(options).toContain(charts('queue.title'))

  // The queue chart: its SVG has the legend's words and no grip; its PNG is twice the chart's size.
  await select.selectOption({ label: charts('queue.title') })
  const svgFile = await saved(page, () => share.button('export.chartSvg', d).click())
  expect(svgFile.name).toBe('aqm-lab-red-seed21-queue.svg')
  const svg = svgFile.bytes.toString('utf8')
  expect(svg).not.toContain('class="grip')
  const legend = await page.getByTestId('queue-chart').locator('.legend li').allTextContents()
  expect(legend.length).toBeGreaterThan(0)
  for (const label of legend) expect(svg).toContain(label.trim().replace(/&/g, '&amp;').replace(/</g, '&lt;'))
  const pngFile = await saved(page, () => share.button('export.chartPng', d).click())
  expect(pngFile.name).toBe('aqm-lab-red-seed21-queue.png')
  const body = await page.getByTestId('queue-chart').locator('.chart-body').boundingBox()
  expect(pngFile.bytes.readUInt32BE(16)).toBe(2 * Math.round(body?.width ?? 0))

  await select.selectOption({ label: charts('cwnd.title') })
  const cwnd = await saved(page, () => share.button('export.chartSvg', d).click())
  expect(cwnd.name).toBe('aqm-lab-red-seed21-cwnd.svg')
  expect(cwnd.bytes.toString('utf8')).toContain(`>${charts('cwnd.title')}</text>`)
})

test("the lab's own trace CSV opens its scenario again", async ({ page, share }) => {
  const lab = labApi(page)
  const app = new AppPage(page)
  await share.open('./?v=1&seed=21&flows=4&aqm=red&max_th=25&speed=4')
  // The link's scenario, once the engine runs it (read earlier, this could still be the default one).
  await expect.poll(() => lab.scenario()).toMatchObject({ seed: 21, aqm: { kind: 'red', max_th: 25 } })
  const scenario = await lab.scenario()
  await app.playButton.click()
  await expect.poll(() => lab.simTime()).toBeGreaterThan(1)
  await app.pauseButton.click()
  await share.openDialog()
  const csv = await saved(page, () => share.button('export.tracesCsv', share.dialog).click())
  await share.button('dialog.close', share.dialog).click()
  await app.algorithm.selectOption('codel')
  await expect.poll(() => lab.aqm()).toMatchObject({ kind: 'codel' })
  await dropFile(page, csv.name, 'text/csv', csv.bytes.toString('utf8'))
  await expect.poll(() => lab.scenario()).toEqual(scenario)
  await expect(share.problems).toHaveCount(0)
})

test('a file that cannot be opened says what can, offers to keep what runs, and leaves the header free', async ({
  page,
  share,
}) => {
  const lab = labApi(page)
  await share.open('./')
  const before = await lab.scenario()
  await dropFile(page, 'notes.csv', 'text/csv', 'a,b\n1,2\n')
  await expect(share.problems).toContainText(share.t('problems.not-json').split('(')[0].trim())
  // The header (language, theme, share) is not covered by the note.
  const note = await share.problems.boundingBox()
  const header = await page.locator('header').first().boundingBox()
  expect(note && header && note.y >= header.y + header.height).toBe(true)
  await share.button('problems.keep').click()
  await expect(share.problems).toBeHidden()
  expect(await lab.scenario()).toEqual(before)
})
