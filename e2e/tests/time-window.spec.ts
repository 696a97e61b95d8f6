import { test, expect } from '../fixtures'

test('the charts go back through the run, zoom with the wheel, and return to live', async ({ openLab }) => {
  // A duration past this test's run: the lab pauses by itself at a scenario's duration (60 s by default).
  const { app, sim } = await openLab('./?v=1&duration=600')
  const toolbar = app.page.getByRole('toolbar', { name: app.chartsT('time.toolbar') })
  const live = toolbar.getByRole('button', { name: app.chartsT('time.live') })
  const span20 = toolbar.getByRole('button', { name: app.chartsT('time.seconds', { n: 20 }) })
  /** The right-most time on the queue chart's axis. */
  const lastTick = async () => Number(await app.queueChart.locator('.axis-bottom .tick text').last().textContent())

  await app.playFast(5)
  await expect.poll(() => sim.simTime(), { timeout: 20_000 }).toBeGreaterThan(40)
  await expect(live).toHaveAttribute('aria-pressed', 'true')
  await expect(span20).toHaveAttribute('aria-pressed', 'true')

  // Back half a window: the view stops following the run.
  await toolbar.getByRole('button', { name: app.chartsT('time.back') }).click()
  await expect(live).toHaveAttribute('aria-pressed', 'false')
  const held = await lastTick()
  const now = await sim.simTime()
  expect(held).toBeLessThan(now - 5)
  await expect.poll(() => sim.simTime()).toBeGreaterThan(now + 5)
  expect(await lastTick()).toBe(held)

  // The wheel over a chart zooms out around the pointer: no preset span matches any more.
  await app.queueChart.locator('.plot-hit').hover()
  await app.page.mouse.wheel(0, 400)
  await expect(span20).toHaveAttribute('aria-pressed', 'false')

  // Live again: the axis catches up with the run.
  await live.click()
  await expect(live).toHaveAttribute('aria-pressed', 'true')
  await expect.poll(async () => (await lastTick()) > (await sim.simTime()) - 10).toBe(true)
})
