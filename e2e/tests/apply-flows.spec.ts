import { test, expect } from '../fixtures'

test('20 flows typed into the flow editor and applied restart the run with 20 flows', async ({ app, sim }) => {
  await app.playButton.click()
  await expect.poll(() => sim.simTime()).toBeGreaterThan(1)
  const before = { epoch: await sim.epoch(), flows: await sim.totalFlows() }
  expect(before.flows).toBe(5)

  await app.flowGroup(1).count.fill('20')
  await expect(app.applyButton).toBeEnabled()
  await app.applyButton.click()

  await expect.poll(() => sim.totalFlows()).toBe(20)
  expect(await sim.epoch()).toBe(before.epoch + 1) // a new simulation ...
  expect(await sim.playing()).toBe(true) // ... that keeps playing from t = 0
  const t = await sim.simTime()
  await expect.poll(() => sim.simTime()).toBeGreaterThan(t + 0.5)
  await expect(app.applyButton).toBeDisabled() // nothing left to apply
  await expect(app.flowGroup(1).count).toHaveValue('20')
})
