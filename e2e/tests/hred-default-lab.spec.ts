// Issue 14 item 9: HRED can be chosen in the default experiment (100-packet buffer): its default
// thresholds (seed 003's 125 KB / 250 KB) are fitted into the buffer instead of being refused.
import { test, expect } from '../fixtures'

test('choosing HRED in the default lab runs it with thresholds inside the 100 KB buffer', async ({ app, sim }) => {
  await app.algorithm.selectOption('hred')
  await expect.poll(async () => (await sim.aqm())?.kind).toBe('hred')
  const hred = await sim.aqm()
  expect([hred?.min_th, hred?.max_th]).toEqual([25_000, 50_000])
  expect((await sim.errors())['set-algorithm']).toBeUndefined()
  await expect(app.page.getByRole('alert')).toHaveCount(0)
  await app.playButton.click()
  await expect.poll(() => sim.simTime()).toBeGreaterThan(1)
  expect(app.consoleErrors).toEqual([])
})
