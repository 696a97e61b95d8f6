import { test, expect } from '../fixtures'

test('the page loads and starts the engine without console errors', async ({ app, sim }) => {
  await expect(app.algorithm).toBeEnabled()
  expect(await sim.algorithms()).not.toHaveLength(0)
  await expect(app.queueChart.getByText('queue (packets)')).toBeVisible()
  await expect(app.queueChart.getByText('simulated time (s)')).toBeVisible()
  expect(app.consoleErrors).toEqual([])
})

test('the queue chart moves while playing: samples keep arriving and sim time advances', async ({ app, sim }) => {
  const before = { t: await sim.simTime(), n: await sim.samplesReceived(), pixels: await app.chartPixels() }
  await app.playButton.click()
  await expect(app.pauseButton).toBeVisible()
  await expect.poll(() => sim.simTime()).toBeGreaterThan(before.t + 1)
  await expect.poll(() => sim.samplesReceived()).toBeGreaterThan(before.n + 20)
  await expect.poll(async () => (await sim.latestQueue(40)).some((q) => q > 0)).toBe(true)
  await expect.poll(() => app.chartPixels()).not.toBe(before.pixels)
  await expect(app.simTimeReadout).not.toHaveText('0.00 s')
  expect(app.consoleErrors).toEqual([])
})
