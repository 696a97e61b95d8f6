import { test, expect } from '../fixtures'

test('switching drop-tail to RED live keeps the run going and draws the RED thresholds', async ({ app, sim }) => {
  expect((await sim.aqm())?.kind).toBe('droptail')
  await expect(app.threshold('min_th')).toHaveCount(0)
  await app.playButton.click()
  await expect.poll(() => sim.simTime()).toBeGreaterThan(1)

  const atSwitch = await sim.simTime()
  await app.algorithm.selectOption('red')
  await expect.poll(async () => (await sim.aqm())?.kind).toBe('red')

  // Live: the same run continues (time does not restart) ...
  expect(await sim.simTime()).toBeGreaterThanOrEqual(atSwitch)
  await expect.poll(() => sim.simTime()).toBeGreaterThan(atSwitch + 1)
  // ... and the thresholds sit on the chart at the running values.
  const red = await sim.aqm()
  for (const name of ['min_th', 'max_th']) {
    await expect(app.threshold(name)).toBeVisible()
    await expect(app.threshold(name)).toContainText(String(red?.[name]))
  }
})
