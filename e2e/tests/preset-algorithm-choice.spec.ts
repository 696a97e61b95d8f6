// Issue 14 item 7 (first part): in a preset's lab, choosing an algorithm the preset describes runs it
// with the preset's settings, not the engine's defaults.
import { test, expect } from '../fixtures'

test("red-vs-droptail's lab: choosing RED runs the 15/45/0.1 its panel describes", async ({ openLab }) => {
  const { app, sim } = await openLab('./?preset=red-vs-droptail')
  await expect.poll(async () => (await sim.aqm())?.kind).toBe('droptail')
  await expect.poll(() => sim.totalFlows()).toBe(8)
  await app.algorithm.selectOption('red')
  await expect.poll(async () => (await sim.aqm())?.kind).toBe('red')
  const red = await sim.aqm()
  expect([red?.min_th, red?.max_th, red?.max_p, red?.w_q]).toEqual([15, 45, 0.1, 0.002])
  // An algorithm the preset does not describe starts from its defaults.
  await app.algorithm.selectOption('codel')
  await expect.poll(async () => (await sim.aqm())?.kind).toBe('codel')
  await app.algorithm.selectOption('droptail')
  await expect.poll(async () => (await sim.aqm())?.kind).toBe('droptail')
})
