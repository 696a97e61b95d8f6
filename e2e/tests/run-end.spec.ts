// Issue 14 item 12: the lab stops at the scenario's duration, says so with the run's summary, and
// offers to continue past it.
import { test, expect } from '../fixtures'

test("the run pauses at the scenario's duration with an end-of-run summary, and continues on request", async ({
  openLab,
}) => {
  const { app, sim } = await openLab('./?v=1&duration=4&warmup=1&speed=max')
  await app.playButton.click()
  const end = app.page.getByTestId('run-end')
  await expect(end).toBeVisible({ timeout: 20_000 })
  expect(await sim.playing()).toBe(false)
  expect(await sim.simTime()).toBeCloseTo(4, 6)
  await expect(end.getByRole('heading')).toHaveText(app.t('runEnd.title', { s: 4 }))
  // The summary the panel quotes is the engine's over the measured window, 1 s to 4 s.
  await expect.poll(async () => (await sim.summary())?.measured_to_s).toBeCloseTo(4, 6)
  const util = (await sim.summary())?.utilisation ?? Number.NaN
  await expect(end.getByTestId('run-end-util')).toHaveText(app.t('runEnd.util', { v: `${(util * 100).toFixed(1)}%` }))

  await end.getByRole('button', { name: app.t('runEnd.continue', { s: 4 }) }).click()
  await expect.poll(() => sim.simTime()).toBeGreaterThan(5)
  await expect(end).toHaveCount(0)
  expect(app.consoleErrors).toEqual([])
})
