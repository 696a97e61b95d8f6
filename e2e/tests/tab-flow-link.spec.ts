// Issue 14 item 8 (links): a link asking for 10,000 flows is not run as it is: the page says what a tab
// holds and offers the scenario scaled down to 1,000 flows.
import { test, expect } from '../fixtures'

test('?flows=10000 offers 1,000 flows with a clear message, and keeps what it ran meanwhile', async ({
  openLab,
  share,
}) => {
  const { app, sim } = await openLab('./?v=1&flows=10000')
  await expect(share.problems).toContainText(share.t('problems.tab-flows', { max: 1000, total: 10000 }))
  expect(await sim.totalFlows()).toBe(5)
  await share.button('problems.nearest').click()
  await expect.poll(() => sim.totalFlows()).toBe(1000)
  expect(app.consoleErrors).toEqual([])
})
