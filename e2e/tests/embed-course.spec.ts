// The example course page (public/course-example.html) embeds two differently configured labs; both
// load and play, each with only the charts and controls its link asks for.
import type { Frame, Page } from '@playwright/test'
import { AppPage } from '../pages/AppPage'
import { labApi } from '../pages/SharePage'
import { catalogue } from '../catalogue'
import { test, expect } from '../fixtures'

async function frameOf(page: Page, selector: string): Promise<Frame> {
  await page.locator(selector).scrollIntoViewIfNeeded()
  const frame = await (await page.locator(selector).elementHandle())?.contentFrame()
  if (!frame) throw new Error(`no frame in ${selector}`)
  await expect.poll(() => labApi(frame).ready(), { message: `${selector} started its engine` }).toBe(true)
  return frame
}

test('the course page loads both embeds, and each plays', async ({ page }) => {
  const t = catalogue('en')
  const share = catalogue('en', 'share')
  await page.goto('./course-example.html')

  // The first lab plays by itself (autoplay=1) and shows the queue and drop-probability charts only.
  const red = page.frameLocator('#lab-red')
  const redFrame = await frameOf(page, '#lab-red')
  await expect(red.getByText('RED: drag min_th and max_th')).toBeVisible()
  await expect(red.getByTestId('queue-chart')).toBeVisible()
  await expect(red.getByTestId('probability-curve')).toBeVisible()
  await expect(red.getByTestId('cwnd-chart')).toHaveCount(0)
  await expect(red.getByLabel(t('algorithm.label'), { exact: true })).toHaveCount(0)
  await expect.poll(() => labApi(redFrame).simTime()).toBeGreaterThan(1)
  expect(await labApi(redFrame).aqm()).toMatchObject({ kind: 'red', max_th: 30, max_p: 0.1 })
  const full = red.getByRole('link', { name: new RegExp(share('embedView.openFull')) })
  await expect(full).toHaveAttribute('href', /aqm=red&max_th=30&max_p=0\.1/)
  await expect(full).not.toHaveAttribute('href', /embed=/)

  // The second waits, paused, until the course page plays it by postMessage; its numbers come back the same way.
  const codel = page.frameLocator('#lab-codel')
  const codelFrame = await frameOf(page, '#lab-codel')
  await expect(codel.getByTestId('delay-chart')).toBeVisible()
  await expect(codel.getByRole('button', { name: new AppPage(page).t('transport.play'), exact: true })).toHaveCount(0)
  expect(await labApi(codelFrame).playing()).toBe(false)
  await page.getByRole('button', { name: 'Play', exact: true }).click()
  await expect.poll(() => labApi(codelFrame).simTime()).toBeGreaterThan(1)
  await expect(page.locator('#codel-metrics')).toContainText(/t = \d+\.\d s · queue \d+ packets/)
  await page.getByRole('button', { name: 'Switch to drop-tail' }).click()
  await expect.poll(() => labApi(codelFrame).aqm()).toMatchObject({ kind: 'droptail' })
})
