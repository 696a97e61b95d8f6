import { test, expect } from '../fixtures'

test('a threshold on the queue chart moves with the arrow keys once focused', async ({ app, sim }) => {
  await app.algorithm.selectOption('red')
  await expect.poll(async () => (await sim.aqm())?.kind).toBe('red')
  const label = await sim.paramLabel('red', 'max_th')
  const { slider } = app.chartHandle(app.queueChart, label)
  await expect(slider).toHaveAttribute('aria-valuenow', '15')

  await slider.focus()
  await expect(slider).toBeFocused()
  await app.page.keyboard.press('ArrowUp')

  await expect.poll(async () => (await sim.aqm())?.max_th).toBe(16)
  await expect(slider).toHaveAttribute('aria-valuenow', '16')
  await expect(app.param(label).value).toHaveValue('16')
  await expect(app.threshold('max_th')).toContainText('16')

  // min_th cannot be pushed onto max_th: the handle stops one packet below it.
  const minTh = app.chartHandle(app.queueChart, await sim.paramLabel('red', 'min_th')).slider
  await minTh.focus()
  await app.page.keyboard.press('End')
  await expect.poll(async () => (await sim.aqm())?.min_th).toBe(15)
  expect((await sim.errors())['set-param:min_th']).toBeUndefined()
})
