import { test, expect } from '../fixtures'

test('pause stops simulated time', async ({ app, sim }) => {
  await app.playButton.click()
  await expect.poll(() => sim.simTime()).toBeGreaterThan(0.5)
  await app.pauseButton.click()
  await expect.poll(() => sim.playing()).toBe(false)
  const paused = await sim.simTime()
  // A 1 s step lands exactly 1 s later only if nothing ran between the pause and the step.
  await app.stepButton.click()
  await expect.poll(() => sim.simTime()).toBeGreaterThan(paused)
  expect(await sim.simTime()).toBeCloseTo(paused + 1, 6)
  expect(await sim.playing()).toBe(false)
})
