// "Behave as: the papers / ns-2 / ns-3 / Linux" (scenario field `profile`): the engine's apply_profile fills
// that implementation's defaults; the choice travels in the link, and an old link without it opens as before.
import { test, expect } from '../fixtures'

const field = (s: unknown, key: string): unknown =>
  typeof s === 'object' && s !== null ? Object.getOwnPropertyDescriptor(s, key)?.value : undefined

test('an old link without a profile opens exactly as it did: the papers', async ({ app, sim }) => {
  await app.page.goto('./?v=1&seed=3&aqm=red&max_th=30')
  await expect.poll(async () => (await sim.aqm())?.max_th).toBe(30)
  const running = await app.page.evaluate(() => window.__aqm?.scenario())
  expect(field(running, 'profile') ?? 'paper').toBe('paper')
  await expect(app.page.getByLabel(app.t('run.profile'))).toHaveValue('paper')
  await expect(app.page.getByRole('alert')).toHaveCount(0)
  expect(app.page.url()).not.toContain('profile')
})

test('choosing ns-3 changes the link and the run', async ({ app, sim }) => {
  const epoch = await sim.epoch()
  await app.page.getByLabel(app.t('run.profile')).selectOption('ns3')
  await expect(app.applyButton).toBeEnabled()
  await app.applyButton.click()
  await expect.poll(async () => field(await app.page.evaluate(() => window.__aqm?.scenario()), 'profile')).toBe('ns3')
  expect(await sim.epoch()).toBeGreaterThan(epoch)
  await expect.poll(() => app.page.url()).toMatch(/[?&]z=/)
  // The link opens ns-3 again.
  const url = app.page.url()
  await app.page.goto(url)
  await expect.poll(async () => field(await app.page.evaluate(() => window.__aqm?.scenario()), 'profile')).toBe('ns3')
  await expect(app.page.getByLabel(app.t('run.profile'))).toHaveValue('ns3')
})
