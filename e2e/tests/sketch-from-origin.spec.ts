// Issue 27 (walk E19): a prediction drawn from the chart's origin (t = 0, empty queue) is drawn. The press
// used to land on the keyboard cursor's cross and drew nothing ("Points: 0"); starting 20 px to the right
// worked. The hint shown while drawing fits the chart's width.
import { test, expect } from '../fixtures'

test('a drag from the bottom-left corner draws the prediction', async ({ page, app, teach }) => {
  await page.getByTestId('first-visit-dismiss').click()
  await page.getByRole('button', { name: teach.t('sketch.predict') }).click()
  await expect(page.getByTestId('sketch-bar')).toHaveAttribute('data-editing', 'true')
  const surface = app.queueChart.getByTestId('sketch-surface')
  const box = await surface.boundingBox()
  if (box === null) throw new Error('no drawing surface')
  // The very corner of the plot: the first pixel inside it, left and bottom.
  const start = { x: box.x + 1, y: box.y + box.height - 1 }
  await page.mouse.move(start.x, start.y)
  await page.mouse.down()
  for (let k = 1; k <= 20; k++) {
    await page.mouse.move(start.x + (k / 20) * 0.5 * box.width, start.y - (k / 20) * 0.6 * box.height)
  }
  await page.mouse.up()
  const points = Number(await page.getByTestId('sketch-bar').getAttribute('data-points'))
  expect(points).toBeGreaterThanOrEqual(5)
  // The line starts at the origin: its first point is at t = 0 with an empty queue.
  const first = await page.getByTestId('sketch-layer').locator('circle.sketch-point').first().boundingBox()
  expect(first!.x + first!.width / 2).toBeLessThanOrEqual(box.x + 3)
  expect(first!.y + first!.height / 2).toBeGreaterThanOrEqual(box.y + box.height - 3)

  // The hint while drawing is not cut off at the right.
  const bar = page.getByTestId('sketch-bar')
  const clipped = await bar.evaluate((el) =>
    [el, ...el.querySelectorAll('*')].some((n) => n.scrollWidth > n.clientWidth + 1 && n.clientWidth > 0),
  )
  expect(clipped).toBe(false)
})
