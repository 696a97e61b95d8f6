// Issue 27 item 6: one number per concept, each naming its window. The read-outs' Jain's index and
// utilisation are over the last simulated second, as the fairness chart; the system view counts drops per
// simulated second (so the count does not grow with the playback speed); the Results table numbers flows
// from 1 as the rest of the page; the "Windows ?" help gives the glossary. Every expected number here is
// recomputed from the engine's trace, not from the page's own code.
import { catalogue } from '../catalogue'
import { test, expect } from '../fixtures'
import { SharePage } from '../pages/SharePage'

const charts = catalogue('en', 'charts')
const FLOWS = 30

test('lab at 10×: read-outs, system view and Results name their windows and agree with the trace', async ({
  app,
  sim: lab,
  page,
}) => {
  test.setTimeout(120_000)
  // 30 Reno flows into a 10-packet drop-tail buffer drop packets every second; the run pauses itself at 12 s.
  await new SharePage(page).open(`./?v=1&flows=${FLOWS}&tcp=reno&buffer=10&duration=12&warmup=2&speed=10`)
  await expect.poll(() => lab.totalFlows()).toBe(FLOWS)
  await expect(page.getByTestId('system-view')).toBeVisible()
  await app.playButton.click()
  await expect.poll(() => lab.simTime(), { timeout: 60_000 }).toBeGreaterThanOrEqual(12)
  await expect.poll(() => lab.playing()).toBe(false)
  const end = await lab.simTime()

  // The engine's drops in the last simulated second (each trace row counts the drops of its interval).
  const drops = await lab.trace('drops', 0)
  const lastSecond = drops.filter(([t]) => t > end - 1 + 1e-9).reduce((s, [, v]) => s + v, 0)
  const whole = drops.reduce((s, [, v]) => s + v, 0)
  expect(lastSecond).toBeGreaterThan(10)
  expect(whole).toBeGreaterThan(5 * lastSecond)
  const shown = page.getByTestId('system-view').locator('.sv-drop')
  await expect(shown).toContainText(charts('system.drops_per_s', { count: 0 }).replace(/0$/, ''))
  await expect
    .poll(async () => Number(((await shown.textContent()) ?? '').replace(/[^0-9]/g, '')))
    .toBeGreaterThanOrEqual(Math.floor(0.75 * lastSecond))
  const count = Number(((await shown.textContent()) ?? '').replace(/[^0-9]/g, ''))
  expect(count).toBeLessThanOrEqual(Math.ceil(1.25 * lastSecond))

  // Jain's index over the last simulated second from the flows' throughputs in the trace.
  const thr = await Promise.all(Array.from({ length: FLOWS }, (_, i) => lab.trace(`thr_${i}`, end - 1 + 1e-9)))
  const means = thr.map((rows) => rows.reduce((s, [, v]) => s + v, 0) / rows.length)
  const sum = means.reduce((a, b) => a + b, 0)
  const jain = (sum * sum) / (FLOWS * means.reduce((a, b) => a + b * b, 0))
  const jainText = await page
    .locator('dl.chart-readouts')
    .first()
    .locator('div', { has: page.locator('dt', { hasText: new RegExp(`^${charts('readouts.jain')} ·`) }) })
    .locator('dd')
    .textContent()
  expect(Math.abs(Number(jainText) - jain)).toBeLessThanOrEqual(0.0015)
  const latest = page.locator('dl.chart-readouts').first()
  const name = (key: string) =>
    latest.locator('dt', { hasText: new RegExp(`^${charts(key).replace(/[()]/g, '\\$&')} ·`) })
  await expect(name('readouts.jain')).toHaveText(`${charts('readouts.jain')} · ${charts('windows.last_second')}`)
  await expect(name('readouts.util')).toHaveText(`${charts('readouts.util')} · ${charts('windows.last_second')}`)
  await expect(name('readouts.queue')).toHaveText(`${charts('readouts.queue')} · ${charts('windows.now')}`)
  // The glossary of windows in the "?" help.
  await latest.getByRole('button', { name: charts('help.about', { term: charts('windows.title') }) }).click()
  const note = latest.getByRole('note')
  await expect(note).toBeVisible()
  await expect(note).toContainText('mean of k runs')
  await expect(note).toContainText('since the warm-up')

  // Results numbers flows from 1, as the throughput bars and the window legend.
  await page.getByRole('button', { name: charts('results.open'), exact: true }).click()
  const table = page.getByRole('table', { name: charts('results.table_title') })
  await expect(table.locator('tbody tr')).toHaveCount(FLOWS)
  const names = await table.locator('tbody th').allTextContents()
  expect(names).toContain('Flow 1 (reno)')
  expect(names).toContain(`Flow ${FLOWS} (reno)`)
  expect(names).not.toContain('Flow 0 (reno)')
})
