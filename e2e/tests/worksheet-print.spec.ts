// Issue 17: a printable worksheet per preset and lesson holds the preset's questions, blank axes for the
// prediction and a QR code that encodes the link to the lab (checked against the same library's
// encoding of that link), and prints without the screen-only buttons.
import QRCode from 'qrcode'
import { readFileSync } from 'node:fs'
import { test, expect } from '@playwright/test'
import { QR_OPTIONS } from '../../web/worksheet/qr'

const preset = JSON.parse(
  readFileSync(new URL('../../public/presets/capacity-drop-codel-droptail.json', import.meta.url), 'utf8'),
) as {
  questions: Array<{ en: string }>
}

test('the print view of a preset holds its questions, blank axes and a QR code of its link', async ({ page }) => {
  await page.goto('./?view=worksheet&preset=capacity-drop-codel-droptail')
  const sheet = page.getByTestId('worksheet')
  await expect(sheet).toBeVisible()
  const questions = page.getByTestId('worksheet-questions').getByRole('listitem')
  await expect(questions).toHaveCount(preset.questions.length)
  for (const [i, q] of preset.questions.entries()) await expect(questions.nth(i)).toContainText(q.en)
  // The axes mark the two capacity changes of the preset's schedule.
  await expect(page.getByTestId('worksheet-axes').locator('line.change')).toHaveCount(2)
  await expect(page.getByTestId('worksheet-scenario')).toContainText('2 Mbit/s')

  const link = new URL('./?preset=capacity-drop-codel-droptail', page.url()).href
  await expect(page.getByTestId('worksheet-url')).toHaveText(link)
  const qr = page.getByTestId('worksheet-qr')
  await expect(qr.locator('svg')).toBeVisible()
  // The dark modules' path is the code: the same as the library draws for the link (the page's DOM
  // serialises the SVG's markup its own way, so compare the geometry, not the text).
  const expected = await QRCode.toString(link, QR_OPTIONS)
  const dark = /stroke="#000000" d="([^"]+)"/.exec(expected)?.[1]
  expect(dark).toBeTruthy()
  expect(await qr.locator('path[stroke]').getAttribute('d')).toBe(dark)
  expect(await qr.getAttribute('data-text')).toBe(link)

  await page.emulateMedia({ media: 'print' })
  await expect(page.getByRole('button', { name: 'Print this worksheet' })).toBeHidden()
  await expect(qr).toBeVisible()
})

test('a lesson worksheet asks the lesson’s prediction questions', async ({ page }) => {
  await page.goto('./?view=worksheet&lesson=red-vs-droptail')
  // Three questions (each with its choices in boxes to tick).
  const questions = page.getByTestId('worksheet-questions').locator(':scope > li')
  await expect(questions).toHaveCount(3)
  await expect(questions.nth(0).getByRole('listitem')).toHaveCount(3)
  await expect(page.getByTestId('worksheet-url')).toHaveText(
    new URL('./?view=walkthrough&lesson=red-vs-droptail', page.url()).href,
  )
})
