// Issue 14, item 23 (charts): every time chart has a data table of its latest values for screen readers,
// and a threshold handle focused from the keyboard shows its focus on the whole line, not only the grip.
import { catalogue } from '../catalogue'
import { test, expect } from '../fixtures'

test('charts carry a table of their latest values', async ({ page, openLab }) => {
  const charts = catalogue('en', 'charts')
  const { app, sim } = await openLab('./?v=1&aqm=red&flows=3&speed=4')
  await app.playButton.click()
  await expect.poll(() => sim.simTime()).toBeGreaterThan(3)
  await app.pauseButton.click()
  const queue = page.getByRole('table', { name: new RegExp(`^${charts('queue.title')}:`) })
  await expect(queue).toHaveCount(1)
  await expect(queue.getByRole('rowheader').first()).toContainText(charts('queue.instantaneous'))
  // The number in the table is the newest sample the engine sent.
  const latest = await page.evaluate(() => window.__aqm?.latestQueue(1)[0])
  await expect(queue.getByRole('cell').first()).toHaveText(String(latest))
  const cwnd = page.getByRole('table', { name: new RegExp(`^${charts('cwnd.title')}:`) })
  await expect(cwnd.getByRole('row')).toHaveCount(4) // a header row and one per flow
  for (const title of ['delay.title', 'fairness.title']) {
    await expect(page.getByRole('table', { name: new RegExp(`^${charts(title)}:`) })).toHaveCount(1)
  }
})

test('a focused threshold handle shows its focus on the line', async ({ page, openLab }) => {
  await openLab('./?v=1&aqm=red')
  const handle = page.getByTestId('queue-chart').getByTestId('handle-min_th')
  const line = handle.locator('.level-line')
  const before = await line.evaluate((el) => getComputedStyle(el).strokeWidth)
  await handle.focus()
  await page.keyboard.press('ArrowUp') // keyboard use makes the focus visible
  await expect.poll(() => line.evaluate((el) => getComputedStyle(el).strokeWidth)).not.toBe(before)
  expect(await line.evaluate((el) => getComputedStyle(el).strokeDasharray)).toBe('none')
})
