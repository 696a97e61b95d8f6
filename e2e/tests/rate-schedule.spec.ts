// Issue 17: a rate schedule makes the bottleneck's throughput follow it within 2 %, read from the engine's
// own trace through the page's test API; the capacity column and its legend show the change.
import { test, expect } from '../fixtures'
import { labLink } from '../labLink'

const STEPS = [
  { from: 4, to: 10, mbps: 10 },
  { from: 12, to: 20, mbps: 4 },
  { from: 22, to: 30, mbps: 8 },
]
// Ten NewReno flows into a 300-packet drop-tail buffer keep the link busy at every rate.
const LINK = labLink('v=1&flows=10&tcp=newreno&rtt=40-80&buffer=300&speed=max', {
  link: {
    rate_schedule: [
      { at_s: 10, rate_mbps: 4 },
      { at_s: 20, rate_mbps: 8 },
    ],
  },
})

test('a rate schedule makes the bottleneck throughput follow it within 2 % per interval', async ({ page, openLab }) => {
  test.setTimeout(90_000)
  const { app, sim } = await openLab(LINK)
  await expect.poll(() => sim.totalFlows()).toBe(10)
  await app.playButton.click()
  await expect.poll(() => sim.simTime(), { timeout: 60_000 }).toBeGreaterThan(30.5)

  const capacity = await sim.trace('capacity_mbps', 0)
  expect(capacity.length).toBeGreaterThan(500)
  for (const [t, c] of capacity.filter(([t]) => t <= 30))
    expect(c, `capacity at ${t} s`).toBe(t < 10 ? 10 : t < 20 ? 4 : 8)

  // Link throughput per sample: the sum of the flows' wire throughputs.
  const perFlow = await Promise.all(Array.from({ length: 10 }, (_, i) => sim.trace(`thr_${i}`, 0)))
  const total = perFlow[0].map(([t], k) => [t, perFlow.reduce((s, f) => s + f[k][1], 0)] as const)
  for (const s of STEPS) {
    const inside = total.filter(([t]) => t > s.from && t <= s.to).map(([, v]) => v)
    const mean = inside.reduce((a, b) => a + b, 0) / inside.length
    expect(
      Math.abs(mean - s.mbps) / s.mbps,
      `(${s.from}, ${s.to}] s: ${mean.toFixed(3)} Mbit/s against ${s.mbps}`,
    ).toBeLessThanOrEqual(0.02)
  }
  // The charts say what the dashed marks are, with the capacity in force.
  await expect(page.getByTestId('capacity-legend')).toContainText('8 Mbit/s')
})

test('the link editor adds a capacity step that the engine runs', async ({ app, sim, page }) => {
  const t = app.t
  await page.getByRole('button', { name: t('schedule.addRate') }).click()
  const at = page.getByLabel(new RegExp(`^${t('schedule.stepAt', { n: 1 })}`))
  const rate = page.getByLabel(new RegExp(`^${t('schedule.stepRate', { n: 1 })}`))
  await expect(at).toHaveValue('10')
  await rate.fill('0')
  // Checked as typed, like the parameter panel: the engine's range, named in the field's own words.
  await expect(page.locator('.field').filter({ has: rate }).getByRole('alert')).toBeVisible()
  await rate.fill('3')
  await page.getByRole('button', { name: t('scenario.apply') }).click()
  await expect
    .poll(async () => JSON.stringify(await page.evaluate(() => window.__aqm?.scenario())))
    .toContain('"rate_schedule":[{"at_s":10,"rate_mbps":3}]')
  void sim
})
