import { test, expect } from '../fixtures'

// Issue 14 item 19: the experiment editor checks a value at once, as the parameter panel does, and says
// what is wrong in the reader's language, naming the field as the form labels it (not the engine's
// "flows[0].count must be within 1..=10000"). Nothing reaches the engine; the run goes on.
test.describe('an experiment value out of range is flagged at once, in words, and the run goes on', () => {
  test.beforeEach(async ({ app, sim }) => {
    await app.playButton.click()
    await expect.poll(() => sim.simTime()).toBeGreaterThan(0.5)
  })

  test('20000 flows, and 0 flows', async ({ app, sim }) => {
    const epoch = await sim.epoch()
    const group = app.flowGroup(1)
    await group.count.fill('20000')
    await expect(group.error).toHaveText(
      app.t('scenario.fieldErrors.range', { field: app.t('flows.count'), min: '1', max: '10,000', unit: '' }),
    )
    await expect(group.count).toHaveAttribute('aria-invalid', 'true')
    await expect(app.applyButton).toBeDisabled()
    await group.count.fill('0')
    await expect(group.error).toContainText(app.t('flows.count'))
    await expect(group.error).not.toContainText('0 or more')
    expect(await sim.epoch()).toBe(epoch)
    expect(await sim.totalFlows()).toBe(5)
    const t = await sim.simTime()
    await expect.poll(() => sim.simTime()).toBeGreaterThan(t + 1)
    expect(await sim.playing()).toBe(true)
  })

  test('a link rate of 0, a loss rate of 1.5 and 1e308', async ({ app, sim }) => {
    const epoch = await sim.epoch()
    const rate = app.field('link.rate')
    await rate.input.fill('0')
    await expect(rate.error).toHaveText(
      app.t('scenario.fieldErrors.range', { field: app.t('link.rate'), min: '0.01', max: '100,000', unit: ' Mbit/s' }),
    )
    await expect(app.applyButton).toBeDisabled()
    await rate.input.fill('1e308')
    await expect(rate.error).toBeVisible()
    expect((await rate.error.textContent())?.length ?? 0).toBeLessThan(80) // no 309-digit number
    const loss = app.field('link.lossRate')
    await loss.input.fill('1.5')
    await expect(loss.error).toContainText(app.t('link.lossRate'))
    expect(await sim.epoch()).toBe(epoch)
    expect(await sim.linkRate()).toBe(10)

    // Correcting the fields clears the messages, and the corrected values apply.
    await rate.input.fill('5')
    await loss.input.fill('0')
    await expect(rate.error).toHaveCount(0)
    await expect(loss.error).toHaveCount(0)
    await app.applyButton.click()
    await expect.poll(() => sim.linkRate()).toBe(5)
  })
})

test.describe('in Korean', () => {
  test.use({ locale: 'ko-KR', uiLanguage: 'ko' })
  test('the message names the field as the Korean form labels it', async ({ app }) => {
    const group = app.flowGroup(1)
    await group.count.fill('0')
    await expect(group.error).toHaveText(
      app.t('scenario.fieldErrors.range', { field: app.t('flows.count'), min: '1', max: '10,000', unit: '' }),
    )
  })
})
