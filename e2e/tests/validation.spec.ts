// The Validation page: every committed ns-3 case is listed with ns-3's numbers and this engine's, which
// the page computes by running the case's scenario in its workers; each case opens in the lab.
import { test, expect } from '../fixtures'
import { catalogue } from '../catalogue'
import { validationCases as cases } from '../validationCases'
import type {} from '../../web/testApi'

const METRICS = ['goodput_mbps', 'utilisation', 'mean_queue_pkts', 'mean_delay_ms', 'drops', 'jain']

test('the validation page lists every ns-3 case with both numbers, reached from the gallery', async ({
  page,
  teach,
}) => {
  test.setTimeout(240_000)
  const v = catalogue('en', 'validation')
  await teach.goto('?view=gallery')
  await page.getByRole('link', { name: teach.t('gallery.validation') }).click()
  await expect(page).toHaveURL(/[?&]view=validation/)

  expect(cases.length).toBeGreaterThanOrEqual(16)
  await expect(page.getByTestId('validation-case')).toHaveCount(cases.length)
  await expect(page.getByTestId('validation-progress')).toHaveText(v('finished', { total: cases.length }), {
    timeout: 200_000,
  })
  // The tally counts every metric of every case once: within tolerance, outside it, or too few to compare.
  const tally = page.getByTestId('validation-tally')
  const counts = await Promise.all(['within', 'outside', 'skipped'].map((k) => tally.getAttribute(`data-${k}`)))
  expect(counts.map(Number).reduce((a, b) => a + b, 0)).toBe(METRICS.length * cases.length)
  for (const c of cases) {
    const card = page.locator(`[data-testid="validation-case"][data-case="${c.id}"]`)
    await expect(card.getByRole('heading', { name: c.id })).toBeVisible()
    await expect(card).toContainText(c.ns3.command)
    await expect(card).toContainText(c.ns3.version)
    for (const m of METRICS) {
      const row = card.locator(`tr[data-metric="${m}"]`)
      // ns-3's number is the committed one; the engine's is a number the page computed.
      expect(Number(await row.getAttribute('data-ns3'))).toBe(c.ns3.metrics[m])
      const ours = await row.getAttribute('data-ours')
      expect(ours, `${c.id} ${m}`).not.toBe('')
      expect(Number.isFinite(Number(ours)), `${c.id} ${m}: ${ours}`).toBe(true)
      await expect(row.getByTestId('ours-value')).toHaveText(/\d/)
    }
  }
  // "Open in the lab" carries the case's scenario through the link codec.
  const first = cases[0] as (typeof cases)[number] & { scenario: { seed: number } }
  await page.getByRole('link', { name: v('open_named', { id: first.id }) }).click()
  await expect(page).not.toHaveURL(/view=validation/)
  await expect
    .poll(() => page.evaluate(() => JSON.stringify(window.__aqm?.scenario() ?? null)))
    .toContain(`"seed":${first.scenario.seed}`)
  expect(await page.evaluate(() => JSON.stringify(window.__aqm?.scenario() ?? null))).toContain('"profile":"ns3"')
  expect(teach.consoleErrors).toEqual([])
})
