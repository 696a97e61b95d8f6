// "Behave as: the papers / ns-2 / ns-3 / Linux" (scenario field `profile`): the engine's apply_profile fills
// that implementation's defaults; the choice travels in the link, and an old link without it opens as before.
import { test, expect } from '../fixtures'

const field = (s: unknown, key: string): unknown =>
  typeof s === 'object' && s !== null ? Object.getOwnPropertyDescriptor(s, key)?.value : undefined

test('an old link without a profile opens exactly as it did: the papers', async ({ openLab }) => {
  const { app, sim } = await openLab('./?v=1&seed=3&aqm=red&max_th=30')
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

// Issue 27 item 2 (walk E5): "Behave as" sets the discipline's details too, not only TCP's, and a
// discipline picked under a profile takes that profile's details (docs/profiles.md).
test('choosing ns-3 gives RED its ns-3 details, and CoDel picked afterwards its Newton step', async ({ openLab }) => {
  const { app, sim } = await openLab('./?v=2&aqm=red&max_th=30')
  await expect.poll(async () => (await sim.aqm())?.max_th).toBe(30)
  expect(await sim.aqm()).toMatchObject({ wait: false, ns3_rules: false, idle_steps: false, device_queue: 0 })
  await app.page.getByLabel(app.t('run.profile')).selectOption('ns3')
  await expect(app.applyButton).toBeEnabled()
  await app.applyButton.click()
  await expect
    .poll(() => sim.aqm())
    .toMatchObject({ kind: 'red', max_th: 30, wait: true, ns3_rules: true, idle_steps: true, device_queue: 1 })
  await app.algorithm.selectOption('codel')
  await expect.poll(() => sim.aqm()).toMatchObject({ kind: 'codel', control_law_newton: true })
  // The link keeps the model: reopened, the same discipline.
  await expect.poll(() => app.page.url()).toContain('control_law_newton')
  const running = await sim.aqm()
  await app.page.goto(app.page.url())
  await expect.poll(() => sim.aqm()).toEqual(running)
  // Back to the papers: the details are off again.
  await app.page.getByLabel(app.t('run.profile')).selectOption('paper')
  await app.applyButton.click()
  await expect.poll(() => sim.aqm()).toMatchObject({ kind: 'codel', control_law_newton: false })
  expect(app.consoleErrors).toEqual([])
})
