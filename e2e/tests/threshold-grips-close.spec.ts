import type { Locator } from '@playwright/test'
import { test, expect } from '../fixtures'

// RED with thresholds 10 and 12: once the queue axis has grown, the two dashed lines are a few pixels apart
// and their grips overlap. Pressing on the min threshold's line must take min_th (the handle nearest the
// pointer), never max_th drawn on top of it. A real mouse gesture, as a person would make it.
const LINK = './?v=1&aqm=red&min_th=10&max_th=12&speed=5'

/** Pixel row of a threshold's dashed line, from the line itself (not the grip, which may sit off the line). */
async function lineY(slider: Locator) {
  const box = await slider.locator('.level-line').boundingBox()
  if (box === null) throw new Error('threshold line not on screen')
  return { x: box.x + box.width - 8, y: box.y + box.height / 2 }
}

test('with min_th and max_th a few pixels apart, pressing the min line drags min_th, pressing the max line drags max_th', async ({
  page,
  openLab,
}) => {
  test.setTimeout(60_000)
  const { app, sim } = await openLab(LINK)
  await expect.poll(() => sim.aqm()).toMatchObject({ kind: 'red', min_th: 10, max_th: 12 })
  const minTh = app.chartHandle(app.queueChart, await sim.paramLabel('red', 'min_th'))
  const maxTh = app.chartHandle(app.queueChart, await sim.paramLabel('red', 'max_th'))
  await app.playButton.click()
  // Play until the axis has grown so far that the two lines are closer than a grip is tall (14 px).
  await expect
    .poll(async () => (await lineY(minTh.slider)).y - (await lineY(maxTh.slider)).y, { timeout: 40_000 })
    .toBeLessThan(6)
  await app.pauseButton.click() // the axis stays put from here on
  await expect.poll(() => sim.playing()).toBe(false)

  const gap = (await lineY(minTh.slider)).y - (await lineY(maxTh.slider)).y
  console.log(`threshold lines ${gap.toFixed(1)} px apart`)
  const { mouse } = page
  // Press exactly on the min line, then drag down by 20 px.
  const lo = await lineY(minTh.slider)
  await mouse.move(lo.x, lo.y)
  await mouse.down()
  await expect(minTh.slider).toHaveClass(/handle-active/)
  await expect(maxTh.slider).not.toHaveClass(/handle-active/)
  for (let k = 1; k <= 5; k++) await mouse.move(lo.x, lo.y + 4 * k)
  await mouse.up()
  await expect.poll(async () => Number((await sim.aqm())?.min_th)).toBeLessThan(10)
  expect(Number((await sim.aqm())?.max_th)).toBe(12)

  // And the max line, pressed exactly, takes max_th.
  const hi = await lineY(maxTh.slider)
  await mouse.move(hi.x, hi.y)
  await mouse.down()
  await expect(maxTh.slider).toHaveClass(/handle-active/)
  await expect(minTh.slider).not.toHaveClass(/handle-active/)
  await mouse.up()
  expect(await sim.errors()).toEqual({})
  expect(app.consoleErrors).toEqual([])
})
