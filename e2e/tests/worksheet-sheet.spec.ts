// Issue 27, item 7: printed worksheets describe the experiment the lab runs (every flow group with what it
// sends, when groups join and leave, every compared side, the buffer in the unit the link counts), fit one A4
// page, carry the teacher's own link in their QR code, and come with an answer key measured by running them.
import { readFileSync } from 'node:fs'
import { test, expect } from '../fixtures'
import type { Page } from '@playwright/test'
import { catalogue } from '../catalogue'

const t = catalogue('en', 'teach')
const index = JSON.parse(readFileSync(new URL('../../public/presets/index.json', import.meta.url), 'utf8')) as {
  presets: string[]
}
const lessons = Object.keys(
  JSON.parse(readFileSync(new URL('../../web/walkthrough/lessons.json', import.meta.url), 'utf8')) as object,
)

/** Pages of the A4 PDF Chromium prints of the page, as a person's print dialog would (CSS page size). */
async function printedPages(page: Page): Promise<number> {
  const pdf = (await page.pdf({ format: 'A4', preferCSSPageSize: true, printBackground: true })).toString('latin1')
  return (pdf.match(/\/Type\s*\/Page[^s]/g) ?? []).length
}

test('a UDP flood is described as UDP at its rate, with every compared side', async ({ page }) => {
  await page.goto('./?view=worksheet&preset=rfc7928-unresponsive')
  const lines = page.getByTestId('worksheet-scenario').first()
  await expect(lines).toContainText(t('worksheet.lines.flowCbr', { count: 1, rate: '6', rtt: '40' }))
  await expect(lines).not.toContainText('TCP reno')
  await expect(lines).toContainText(t('worksheet.lines.flowTcp', { count: 5, tcp: 'Reno', rtt: '40–100' }))
  const sides = page.getByTestId('worksheet-side')
  await expect(sides).toHaveCount(3)
  await expect(sides.nth(0)).toContainText('min_th 20, max_th 60, max_p 0.1')
  await expect(sides.nth(1)).toContainText('CoDel')
  await expect(sides.nth(2)).toContainText('FQ-CoDel')
})

test('joins and leaves are on the sheet, and an ATM switch buffer is in cells', async ({ page }) => {
  await page.goto('./?view=worksheet&preset=rfc7928-varying-load')
  const lines = page.getByTestId('worksheet-scenario').first()
  await expect(lines).toContainText(t('worksheet.lines.joins', { count: 30, from: '60', to: '62' }))
  await expect(lines).toContainText(t('worksheet.lines.stops', { count: 30, at: '80' }))
  await page.goto('./?view=worksheet&preset=seed002-gfr-atm')
  await expect(page.getByTestId('worksheet-scenario').first()).toContainText('buffer 3000 cells')
  await expect(page.getByTestId('worksheet-axes').first()).toContainText('Queue (cells)')
})

test('every preset’s and every lesson’s worksheet prints on one A4 page, in English and Korean', async ({ page }) => {
  test.setTimeout(300_000)
  const ids = [
    ...index.presets.map((id) => `preset=${id}`),
    ...['red-vs-droptail', ...lessons].map((id) => `lesson=${id}`),
  ]
  const sheets = ['en', 'ko'].flatMap((lang) => ids.map((q) => `${q}&lang=${lang}`))
  const pages: Record<string, number> = {}
  for (const q of sheets) {
    await page.goto(`./?view=worksheet&${q}`)
    await expect(page.getByTestId('worksheet-qr').locator('svg')).toBeVisible()
    const lang = q.endsWith('ko') ? 'ko' : 'en'
    await expect(page.locator('#ws-scenario')).toHaveText(catalogue(lang, 'teach')('worksheet.scenario'))
    pages[q] = await printedPages(page)
  }
  expect(pages).toEqual(Object.fromEntries(sheets.map((q) => [q, 1])))
})

test('the share dialog’s printable worksheet carries the teacher’s locked link in its QR code', async ({
  page,
  share,
}) => {
  await share.open('./?v=2&aqm=red&min_th=15&max_th=45&max_p=0.1')
  await expect.poll(() => page.evaluate(() => window.__aqm?.aqm()?.kind)).toBe('red')
  await share.openDialog()
  await share.dialog.getByLabel(share.t('worksheet.on')).check()
  await share.dialog.getByTestId('allow-max_p').check()
  const link = await share.linkField.inputValue()
  expect(new URL(link).searchParams.get('lock')).toContain('min_th')
  const href = await share.dialog.getByTestId('worksheet-print-link').getAttribute('href')
  expect(href).not.toBeNull()
  await page.goto(new URL(href ?? '', page.url()).href)
  await expect(page.getByTestId('worksheet-qr')).toHaveAttribute('data-text', link)
  await expect(page.getByTestId('worksheet-url')).toHaveText(link)
  await expect(page.getByTestId('worksheet-scenario').first()).toContainText('min_th 15, max_th 45, max_p 0.1')
  await expect(page.getByTestId('worksheet-lock')).toContainText('min_th')
  // Its answer key runs what the link opens.
  await page.getByTestId('worksheet-key-link').click()
  await expect(page.getByTestId('answer-key')).toHaveAttribute('data-done', 'true', { timeout: 60_000 })
  await expect(page.getByTestId('answer-key-table').locator('thead th')).toHaveText([
    t('compare.metric'),
    t('worksheet.thisLink'),
  ])
})

test('the answer key runs the lesson’s sides and gives each question’s measured answer', async ({ page }) => {
  test.setTimeout(120_000)
  await page.goto('./?view=worksheet&lesson=red-vs-droptail')
  await page.getByTestId('worksheet-key-link').click()
  const key = page.getByTestId('answer-key')
  await expect(key).toHaveAttribute('data-done', 'true', { timeout: 100_000 })
  const table = page.getByTestId('answer-key-table')
  await expect(table.locator('thead th')).toHaveText(['Metric', 'Drop-tail', 'RED 15/45'])
  const util = table.locator('tr[data-metric="utilisation"] td')
  await expect(util).toHaveCount(2)
  for (const v of await util.allTextContents()) expect(Number(v)).toBeGreaterThan(50)
  const answers = page.getByTestId('answer-key-question')
  await expect(answers).toHaveCount(3)
  // The answers the lesson's texts explain: drop-tail's queue near the top, RED's near min_th, drop-tail synchronised.
  expect(await answers.evaluateAll((l) => l.map((e) => e.getAttribute('data-answer')))).toEqual([
    'full',
    'min_th',
    'droptail',
  ])
  const preset = JSON.parse(
    readFileSync(new URL('../../public/presets/red-vs-droptail.json', import.meta.url), 'utf8'),
  ) as { scenario: { seed: number; duration: number } }
  await expect(page.getByTestId('answer-key-window')).toContainText(`seed ${preset.scenario.seed}`)
  await expect(page.getByTestId('answer-key-window')).toContainText(`to ${preset.scenario.duration} s`)
})

test('a preset’s answer key gives each flow group’s goodput on every side: the UDP flood’s too', async ({ page }) => {
  test.setTimeout(120_000)
  await page.goto('./?view=worksheet&preset=rfc7928-unresponsive&answers=1')
  await expect(page.getByTestId('answer-key')).toHaveAttribute('data-done', 'true', { timeout: 100_000 })
  const table = page.getByTestId('answer-key-table')
  await expect(table.locator('thead th')).toHaveText([t('compare.metric'), 'Drop-tail', 'RED', 'CoDel', 'FQ-CoDel'])
  await expect(table.locator('tr[data-metric="group.0"] th')).toHaveText(t('worksheet.keyGroup', { from: 1, to: 5 }))
  const udp = table.locator('tr[data-metric="group.5"]')
  await expect(udp.locator('th')).toHaveText(t('worksheet.keyFlow', { n: 6 }))
  const [dropTail, , , fq] = (await udp.locator('td').allTextContents()).map(Number)
  // The preset's text: the flood keeps most of its 6 Mbit/s under drop-tail; FQ-CoDel holds it to a fair share.
  expect(dropTail).toBeGreaterThan(4)
  expect(fq).toBeLessThan(3)
})
