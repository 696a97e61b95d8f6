// Issue 14 item 6: close thresholds (min_th 30, max_th 36) print their labels apart, and pressing the
// min_th label moves min_th, never max_th.
import { test, expect } from '../fixtures'

test('min_th 30 and max_th 36: labels apart; a drag from the min_th label moves min_th only', async ({ openLab }) => {
  const { app, sim } = await openLab('./?v=1&aqm=red&min_th=30&max_th=36')
  await expect.poll(async () => (await sim.aqm())?.max_th).toBe(36)
  const minLabel = app.threshold('min_th').locator('text')
  const maxLabel = app.threshold('max_th').locator('text')
  await expect(minLabel).toBeVisible()
  const [a, b] = [await minLabel.boundingBox(), await maxLabel.boundingBox()]
  if (a === null || b === null) throw new Error('labels not on screen')
  const overlap = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y)
  expect(overlap, `min_th label ${JSON.stringify(a)}, max_th label ${JSON.stringify(b)}`).toBeLessThanOrEqual(0)

  // Press on the min_th label and drag it down a little.
  const [x, y] = [a.x + a.width / 2, a.y + a.height / 2]
  await app.page.mouse.move(x, y)
  await app.page.mouse.down()
  for (let dy = 4; dy <= 16; dy += 4) await app.page.mouse.move(x, y + dy)
  await app.page.mouse.up()
  await expect.poll(async () => (await sim.aqm())?.min_th).toBeLessThan(30)
  expect((await sim.aqm())?.max_th).toBe(36)
})

test('threshold labels on the drop-probability panel stay inside it near its right edge', async ({ app, sim }) => {
  await app.algorithm.selectOption('red')
  await expect.poll(async () => (await sim.aqm())?.kind).toBe('red')
  const label = await sim.paramLabel('red', 'max_th')
  const { slider } = app.chartHandle(app.curveChart, label)
  // max_th near the buffer (100 packets), the right end of the queue axis.
  const field = app.param(label).value
  await field.fill('95')
  await field.press('Enter')
  await expect.poll(async () => (await sim.aqm())?.max_th).toBe(95)
  await expect(slider).toHaveAttribute('aria-valuenow', '95')
  const panel = await app.curveChart.locator('svg').first().boundingBox()
  const text = await slider.locator('text').boundingBox()
  if (panel === null || text === null) throw new Error('not on screen')
  expect(text.x).toBeGreaterThanOrEqual(panel.x)
  expect(text.x + text.width).toBeLessThanOrEqual(panel.x + panel.width)
})
