// Issue 14, item 21: the two drop counts say what they count (since 0 s, since the warm-up), and a run
// summary that spans an algorithm switch says which algorithms it covers.
import { catalogue } from '../catalogue'
import { test, expect } from '../fixtures'
import { AppPage } from '../pages/AppPage'
import { labApi } from '../pages/SharePage'

test('the drop counts name their periods and the summary names the algorithms it spans', async ({ page }) => {
  const charts = catalogue('en', 'charts')
  const app = new AppPage(page)
  const lab = labApi(page)
  await page.goto('./?v=1&aqm=red&warmup=2&speed=8')
  await expect.poll(() => lab.ready()).toBe(true)
  await app.playButton.click()
  await expect.poll(() => lab.simTime()).toBeGreaterThan(5)
  const summary = page.getByTestId('run-summary')
  await expect(summary).toContainText(charts('summary.drops_since', { s: 2 }))
  await expect(page.getByText(charts('readouts.drops'), { exact: true })).toBeVisible()
  // Two labels, two periods: never the same word twice.
  expect(charts('readouts.drops')).not.toBe(charts('summary.drops_since', { s: 2 }))
  await expect(summary.getByTestId('summary-covers')).toHaveCount(0)

  await app.algorithm.selectOption('codel')
  await expect.poll(() => lab.aqm()).toMatchObject({ kind: 'codel' })
  const t0 = await lab.simTime()
  await expect.poll(() => lab.simTime()).toBeGreaterThan(t0 + 2)
  await expect(summary.getByTestId('summary-covers')).toHaveText(/RED.*→.*CoDel/)
  // A reset starts a new run: the summary is one algorithm's again.
  await app.page.getByRole('button', { name: app.t('transport.reset') }).click()
  await expect(summary.getByTestId('summary-covers')).toHaveCount(0)
})
