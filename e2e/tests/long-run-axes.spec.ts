// Issue 14, item 18: on a long run the time axis reads seconds in full ("117,086", not "117.086k") with
// labels that do not touch each other, and the congestion-window axis follows the traces down once the
// slow-start spike has left the window.
import { test, expect } from '../fixtures'
import { AppPage } from '../pages/AppPage'
import { labApi } from '../pages/SharePage'
import type { Page } from '@playwright/test'

/** Opens the lab at `search` and plays it to the scenario's end, where the lab stops by itself (item 12). */
async function runToEnd(page: Page, search: string, timeout: number) {
  const lab = labApi(page)
  await page.goto(search)
  await expect.poll(() => lab.ready()).toBe(true)
  await new AppPage(page).playButton.click()
  await expect(page.getByTestId('run-end')).toBeVisible({ timeout })
  return lab
}

test('a long run labels its time axis in plain seconds, without overlap', async ({ page }) => {
  test.setTimeout(120_000)
  // A slow link and one flow: simulated hours pass in a few wall seconds; the axes are read at rest.
  const lab = await runToEnd(page, './?v=1&rate=0.05&flows=1&buffer=20&duration=12000&speed=max', 90_000)
  expect(await lab.simTime()).toBeGreaterThan(11_999)
  const ticks = page.getByTestId('queue-chart').locator('.axis-bottom .tick text')
  await expect.poll(() => ticks.count()).toBeGreaterThan(1)
  const labels = await ticks.allTextContents()
  for (const l of labels) expect(l).toMatch(/^\d{1,3}(,\d{3})+(\.\d+)?$/)
  const boxes = await ticks.evaluateAll((els) =>
    els.map((e) => e.getBoundingClientRect()).map((r) => ({ left: r.left, right: r.right })),
  )
  boxes.sort((a, b) => a.left - b.left)
  for (let i = 1; i < boxes.length; i++) expect(boxes[i].left - boxes[i - 1].right).toBeGreaterThan(8)
})

test('the congestion-window axis gives back the slow-start spike once it has left the window', async ({ page }) => {
  test.setTimeout(90_000)
  // Stops by itself at 50 s (the duration), so the window it reads is the same on every run; random loss
  // keeps the later windows well below the slow-start spike.
  const lab = await runToEnd(page, './?v=1&flows=1&buffer=50&loss=0.002&duration=50&speed=10', 60_000)
  const now = await lab.simTime()
  const max = (xs: Array<[number, number]>) => Math.max(...xs.map(([, v]) => v).filter(Number.isFinite))
  const all = await page.evaluate(() => window.__aqm?.trace('cwnd_0', 0) ?? [])
  const visible = await page.evaluate((from) => window.__aqm?.trace('cwnd_0', from) ?? [], now - 20)
  // The run had a slow-start spike well above anything the 20 s window still shows.
  expect(max(all)).toBeGreaterThan(1.5 * max(visible))
  const ticks = page.getByTestId('cwnd-chart').locator('.axis-left .tick text')
  await expect
    .poll(async () => Math.max(...(await ticks.allTextContents()).map((s) => Number(s.replace(/,/g, '')))))
    .toBeLessThanOrEqual(1.35 * max(visible))
})
