// Issue 15: a version 1 link wrote ARED's adaptation interval and target delay in seconds; version 2 has
// every AQM time in milliseconds. An old link must still run what it meant (docs/scenario-versions.md).
import { test, expect } from '../fixtures'

test('a v1 ARED link written in seconds runs its interval and target delay as milliseconds', async ({ openLab }) => {
  const { app, sim } = await openLab('./?v=1&flows=10&aqm=ared&interval=0.25&auto=1&target_delay=0.01&speed=4')
  await expect.poll(async () => (await sim.aqm())?.kind).toBe('ared')
  const ared = await sim.aqm()
  expect([ared?.interval, ared?.target_delay, ared?.auto]).toEqual([250, 10, true])
  await expect(app.page.getByRole('alert')).toHaveCount(0)
  await app.playButton.click()
  await expect.poll(() => sim.simTime()).toBeGreaterThan(1)
  expect(app.consoleErrors).toEqual([])
})
