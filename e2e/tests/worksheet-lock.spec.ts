// Issue 17, teacher controls: a worksheet link (`lock=…`) leaves the locked parameters visible but
// unchangeable in the full lab: disabled in the panel, and their chart handles ignore drag and keys. An
// unlocked parameter beside them still moves, so the checks can tell a lock from a broken handle.
import type { Locator } from '@playwright/test'
import { test, expect } from '../fixtures'
import { centre } from '../pages/AppPage'

const LINK = './?v=1&aqm=red&min_th=5&max_th=15&lock=max_p,min_th'

test('locked parameters are disabled in a shared link and cannot be changed by drag or keyboard', async ({
  page,
  openLab,
}) => {
  const { app, sim } = await openLab(LINK)
  await expect.poll(() => sim.aqm()).toMatchObject({ kind: 'red', min_th: 5, max_th: 15 })
  await expect(page.getByTestId('worksheet-note')).toContainText('max_p')
  const maxP0 = (await sim.aqm())?.max_p

  const maxP = app.param(await sim.paramLabel('red', 'max_p'))
  await expect(maxP.value).toBeDisabled()
  await expect(maxP.slider).toBeDisabled()
  const minThLabel = await sim.paramLabel('red', 'min_th')
  await expect(app.param(minThLabel).value).toBeDisabled()
  // max_th is not locked.
  await expect(app.param(await sim.paramLabel('red', 'max_th')).value).toBeEnabled()

  // Keyboard: the locked handle says so and ignores the keys; the free one moves.
  const minTh = app.chartHandle(app.queueChart, minThLabel)
  await expect(minTh.slider).toHaveAttribute('aria-disabled', 'true')
  await minTh.slider.focus()
  await page.keyboard.press('ArrowUp')
  await page.keyboard.press('End')
  const maxTh = app.chartHandle(app.queueChart, await sim.paramLabel('red', 'max_th'))
  await maxTh.slider.focus()
  await page.keyboard.press('ArrowUp')
  await expect.poll(async () => (await sim.aqm())?.max_th).toBe(16)
  expect((await sim.aqm())?.min_th).toBe(5)

  // Drag: pulling the locked grip up 40 px changes nothing; the same drag on max_th does.
  const drag = async (grip: Locator) => {
    const at = await centre(grip)
    await page.mouse.move(at.x, at.y)
    await page.mouse.down()
    await page.mouse.move(at.x, at.y - 20, { steps: 4 })
    await page.mouse.move(at.x, at.y - 40, { steps: 4 })
    await page.mouse.up()
  }
  await drag(minTh.grip)
  await drag(maxTh.grip)
  await expect.poll(async () => (await sim.aqm())?.max_th).toBeGreaterThan(16)
  expect((await sim.aqm())?.min_th).toBe(5)
  expect((await sim.aqm())?.max_p).toBe(maxP0)
  await expect(minTh.slider).toHaveAttribute('aria-valuenow', '5')
  // The worksheet stays in the address as the page rewrites it.
  await expect.poll(() => page.evaluate(() => window.location.search)).toContain('lock=max_p,min_th')
})

test('the share dialog writes a worksheet link that lets students change only what is ticked', async ({
  share,
  openLab,
}) => {
  const { sim } = await openLab('./?v=1&aqm=red')
  await expect.poll(async () => (await sim.aqm())?.kind).toBe('red')
  await share.openDialog()
  await share.dialog.getByLabel(share.t('worksheet.on')).check()
  await share.dialog.getByTestId('allow-max_p').check()
  const link = await share.linkField.inputValue()
  const lock = new URL(link).searchParams.get('lock')?.split(',') ?? []
  expect(lock).toContain('min_th')
  expect(lock).toContain('aqm')
  expect(lock).not.toContain('max_p')
})
