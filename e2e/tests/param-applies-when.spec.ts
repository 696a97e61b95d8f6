// A parameter that acts only under another parameter's setting (engine `applies_when`,
// docs/parameter-roles.md): DualPI2's time shift orders its two queues only under the time-shifted FIFO
// scheduler. Under WRR its slider is disabled with a note naming the condition; switched to ts_fifo it is
// enabled and a drag changes the running scenario; switched back it is disabled again with its value kept.
import { test, expect } from '../fixtures'

test('the time shift acts only under the ts_fifo scheduler', async ({ app, sim }) => {
  const { page } = app
  const scheduler = app.param(app.t('algorithms.dualpi2.params.scheduler'))
  const tshift = app.param(app.t('algorithms.dualpi2.params.tshift'))
  const address = (key: string) => new URL(page.url()).searchParams.get(key)

  await app.algorithm.selectOption('dualpi2')
  await expect.poll(async () => (await sim.aqm())?.kind).toBe('dualpi2')
  await expect(scheduler.group.getByRole('combobox')).toHaveValue('wrr')
  await expect(tshift.slider).toBeDisabled()
  await expect(tshift.value).toBeDisabled()
  const note = app.t('params.appliesWhen', { param: app.t('algorithms.dualpi2.params.scheduler'), values: 'ts_fifo' })
  await expect(tshift.group).toContainText(note)
  const before = await tshift.value.inputValue()

  await scheduler.group.getByRole('combobox').selectOption('ts_fifo')
  await expect.poll(async () => (await sim.aqm())?.scheduler).toBe('ts_fifo')
  await expect(tshift.slider).toBeEnabled()
  await expect(tshift.group).not.toContainText(note)

  // A real drag of the slider's knob towards its left end.
  await tshift.slider.scrollIntoViewIfNeeded()
  const box = await tshift.slider.boundingBox()
  if (box === null) throw new Error('the time shift slider is not laid out')
  const knob = await tshift.slider.evaluate((el: HTMLInputElement) => Number(el.value) / Number(el.max))
  const y = box.y + box.height / 2
  await page.mouse.move(box.x + box.width * knob, y)
  await page.mouse.down()
  for (let k = 1; k <= 8; k++) await page.mouse.move(box.x + box.width * knob * (1 - k / 10), y)
  await page.mouse.up()
  await expect(tshift.value).not.toHaveValue(before)
  const dragged = Number(await tshift.value.inputValue())
  expect(dragged).toBeLessThan(Number(before))
  await expect.poll(async () => (await sim.aqm())?.tshift).toBe(dragged)
  await expect.poll(() => address('tshift')).toBe(String(dragged))
  expect(address('scheduler')).toBe('ts_fifo')

  // Back to WRR: disabled again, the dragged value kept for the next time it acts.
  await scheduler.group.getByRole('combobox').selectOption('wrr')
  await expect.poll(async () => (await sim.aqm())?.scheduler).toBe('wrr')
  await expect(tshift.slider).toBeDisabled()
  await expect(tshift.value).toHaveValue(String(dragged))
  expect((await sim.aqm())?.tshift).toBe(dragged)
})
