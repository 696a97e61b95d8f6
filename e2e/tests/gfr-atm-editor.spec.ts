// Issue 14 item 2: the seed 002 preset (GFR over ATM) runs in the lab, and GFR can be reached from
// any lab: the experiment editor has ATM mode, a duration and a warm-up.
import { test, expect } from '../fixtures'

/** A field of the running scenario, parsed. */
const scenarioField = (x: unknown, ...path: string[]): unknown =>
  path.reduce<unknown>(
    (node, k) =>
      typeof node === 'object' && node !== null ? Object.getOwnPropertyDescriptor(node, k)?.value : undefined,
    x,
  )

test('?preset=seed002-gfr-atm runs GFR over ATM at 155.52 Mbit/s', async ({ openLab }) => {
  const { app, sim } = await openLab('./?preset=seed002-gfr-atm')
  await expect.poll(async () => (await sim.aqm())?.kind).toBe('gfr')
  await expect.poll(() => sim.linkRate()).toBe(155.52)
  await expect(app.page.getByRole('alert')).toHaveCount(0)
  await app.playButton.click()
  await expect.poll(() => sim.simTime()).toBeGreaterThan(0.2)
  expect(await sim.errors()).toEqual({})
  expect(app.consoleErrors).toEqual([])
})

test('ATM mode, duration and warm-up in the experiment editor; then GFR can be chosen', async ({ app, sim }) => {
  const atm = app.page.getByRole('checkbox', { name: app.t('link.atm') })
  await expect(atm).not.toBeChecked()
  await atm.check()
  await app.field('run.duration').input.fill('30')
  await app.field('run.warmup').input.fill('5')
  await app.applyButton.click()
  await expect
    .poll(async () => scenarioField(await app.page.evaluate(() => window.__aqm?.scenario()), 'link', 'atm'))
    .toEqual({})
  const running = await app.page.evaluate(() => window.__aqm?.scenario())
  expect(scenarioField(running, 'duration')).toBe(30)
  expect(scenarioField(running, 'warmup')).toBe(5)

  await app.algorithm.selectOption('gfr')
  await expect.poll(async () => (await sim.aqm())?.kind).toBe('gfr')
  expect((await sim.errors())['set-algorithm']).toBeUndefined()
  await app.playButton.click()
  await expect.poll(() => sim.simTime()).toBeGreaterThan(0.5)

  // And off again: the field leaves the scenario (as in every scenario without ATM).
  await atm.uncheck()
  await app.algorithm.selectOption('droptail')
  await app.applyButton.click()
  await expect
    .poll(async () => scenarioField(await app.page.evaluate(() => window.__aqm?.scenario()), 'link', 'atm'))
    .toBeUndefined()
})
