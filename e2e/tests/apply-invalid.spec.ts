import { test, expect } from '../fixtures'

test.describe('an experiment the engine refuses shows its message beside the field and the run goes on', () => {
  test.beforeEach(async ({ app, sim }) => {
    await app.playButton.click()
    await expect.poll(() => sim.simTime()).toBeGreaterThan(0.5)
  })

  test('20000 flows', async ({ app, sim }) => {
    const epoch = await sim.epoch()
    const group = app.flowGroup(1)
    await group.count.fill('20000')
    await app.applyButton.click()

    await expect(group.error).toContainText('flows[0].count must be within 1..=10000 (got 20000)')
    await expect(group.count).toHaveAttribute('aria-invalid', 'true')
    expect(await sim.epoch()).toBe(epoch)
    expect(await sim.totalFlows()).toBe(5)
    const t = await sim.simTime()
    await expect.poll(() => sim.simTime()).toBeGreaterThan(t + 1)
    expect(await sim.playing()).toBe(true)
  })

  test('a link rate of 0', async ({ app, sim }) => {
    const epoch = await sim.epoch()
    const rate = app.field('link.rate')
    await rate.input.fill('0')
    await app.applyButton.click()

    await expect(rate.error).toContainText('link.rate_mbps must be within')
    expect(await sim.epoch()).toBe(epoch)
    expect(await sim.linkRate()).toBe(10)
    const t = await sim.simTime()
    await expect.poll(() => sim.simTime()).toBeGreaterThan(t + 1)

    // Correcting the field clears the message, and the corrected value applies.
    await rate.input.fill('5')
    await expect(rate.error).toHaveCount(0)
    await app.applyButton.click()
    await expect.poll(() => sim.linkRate()).toBe(5)
  })
})
