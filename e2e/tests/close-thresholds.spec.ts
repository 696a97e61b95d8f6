// Issue 14 item 6: close thresholds (min_th 30, max_th 36) print their labels apart, and pressing the
// min_th label moves min_th, never max_th.
import { test, expect } from '../fixtures'

test('min_th 30 and max_th 36: labels apart; a drag from the min_th label moves min_th only', async ({ app, sim }) => {
  await app.page.goto('./?v=1&aqm=red&min_th=30&max_th=36')
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
