// The link's loss pattern (link.loss_pattern): chosen in the link editor, applied to the engine, written to
// the address bar as loss_pattern=periodic, and read back from a link.
import { test, expect } from '../fixtures'

test('the link editor picks the periodic loss pattern, and a link carries it', async ({ app, sim, page }) => {
  const t = app.t
  await page.getByLabel(t('link.lossRate'), { exact: true }).fill('0.01')
  const pattern = page.getByLabel(t('link.lossPattern'), { exact: true })
  await expect(pattern).toHaveValue('random')
  await pattern.selectOption({ label: t('link.lossPatterns.periodic') })
  await page.getByRole('button', { name: t('scenario.apply') }).click()
  await expect
    .poll(async () => JSON.stringify(await page.evaluate(() => window.__aqm?.scenario())))
    .toContain('"loss_rate":0.01,"loss_pattern":"periodic"')
  await expect(page).toHaveURL(/[?&]loss=0\.01&loss_pattern=periodic(&|$)/)

  await page.goto('./?v=2&loss=0.001&loss_pattern=periodic')
  await expect.poll(() => sim.ready()).toBe(true)
  await expect
    .poll(async () => JSON.stringify(await page.evaluate(() => window.__aqm?.scenario())))
    .toContain('"loss_rate":0.001,"loss_pattern":"periodic"')
  await expect(page.getByLabel(t('link.lossPattern'), { exact: true })).toHaveValue('periodic')
  expect(app.consoleErrors).toEqual([])
})
