// Issue 14, item 18: on a long run the time axis reads seconds in full ("117,086", not "117.086k") with
// labels that do not touch each other.
import { test, expect } from '../fixtures'
import { AppPage } from '../pages/AppPage'
import { labApi } from '../pages/SharePage'

test('a long run labels its time axis in plain seconds, without overlap', async ({ page }) => {
  test.setTimeout(120_000)
  const app = new AppPage(page)
  const lab = labApi(page)
  // A slow link and one flow: simulated hours pass in a few wall seconds.
  await page.goto('./?v=1&rate=0.05&flows=1&buffer=20&duration=36000&speed=max')
  await expect.poll(() => lab.ready()).toBe(true)
  await app.playButton.click()
  await expect.poll(() => lab.simTime(), { timeout: 90_000 }).toBeGreaterThan(10_500)
  await app.pauseButton.click()
  const ticks = page.getByTestId('queue-chart').locator('.axis-bottom .tick text')
  await expect.poll(() => ticks.count()).toBeGreaterThan(1)
  const labels = await ticks.allTextContents()
  for (const l of labels) expect(l).toMatch(/^\d{1,3}(,\d{3})+(\.\d+)?$/)
  const boxes = await ticks.evaluateAll((els) => els.map((e) => e.getBoundingClientRect()).map((r) => ({ left: r.left, right: r.right })))
  boxes.sort((a, b) => a.left - b.left)
  for (let i = 1; i < boxes.length; i++) expect(boxes[i].left - boxes[i - 1].right).toBeGreaterThan(8)
})
