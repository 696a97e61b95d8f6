// Issue 14, item 21: the two drop counts say what they count (since 0 s, since the warm-up), and a run
// summary that spans an algorithm switch says which algorithms it covers.
import { catalogue } from '../catalogue'
import { test, expect } from '../fixtures'

test('the drop counts name their periods and the summary names the algorithms it spans', async ({ page, openLab }) => {
  const charts = catalogue('en', 'charts')
  const { app, sim } = await openLab('./?v=1&aqm=red&warmup=2&speed=8')
  await app.playButton.click()
  await expect.poll(() => sim.simTime()).toBeGreaterThan(5)
  const summary = page.getByTestId('run-summary')
  await expect(summary).toContainText(charts('summary.drops_since', { s: 2 }))
  await expect(page.getByText(charts('readouts.drops'), { exact: true })).toBeVisible()
  // Two labels, two periods: never the same word twice.
  expect(charts('readouts.drops')).not.toBe(charts('summary.drops_since', { s: 2 }))
  await expect(summary.getByTestId('summary-covers')).toHaveCount(0)

  await app.algorithm.selectOption('codel')
  await expect.poll(() => sim.aqm()).toMatchObject({ kind: 'codel' })
  const t0 = await sim.simTime()
  await expect.poll(() => sim.simTime()).toBeGreaterThan(t0 + 2)
  await expect(summary.getByTestId('summary-covers')).toHaveText(/RED.*→.*CoDel/)
  // A reset starts a new run: the summary is one algorithm's again.
  await app.resetButton.click()
  await expect(summary.getByTestId('summary-covers')).toHaveCount(0)
})
