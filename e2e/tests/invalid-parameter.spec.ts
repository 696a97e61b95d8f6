import { test, expect } from '../fixtures'

test('an invalid RED parameter shows a message next to it and the simulation keeps running', async ({ app, sim }) => {
  await app.algorithm.selectOption('red')
  await expect.poll(async () => (await sim.aqm())?.kind).toBe('red')
  await app.playButton.click()

  const before = await sim.aqm()
  const maxTh = before?.max_th
  expect(typeof maxTh).toBe('number')
  const minTh = app.param(await sim.paramLabel('red', 'min_th'))

  // min_th = max_th breaks RED's rule min_th < max_th.
  await minTh.value.fill(String(maxTh))
  await minTh.value.press('Enter')

  await expect(minTh.error).toBeVisible()
  await expect(minTh.error).not.toBeEmpty()
  await expect(minTh.value).toHaveAttribute('aria-invalid', 'true')
  expect((await sim.aqm())?.min_th).toBe(before?.min_th) // last good value kept

  const atError = await sim.simTime()
  await expect.poll(() => sim.simTime()).toBeGreaterThan(atError + 1)
  expect(await sim.playing()).toBe(true)
})
