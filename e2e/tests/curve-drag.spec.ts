import { test, expect } from '../fixtures'

test("dragging RED's max_th on the drop-probability curve sets it in the engine and the parameter panel", async ({
  app,
  sim,
}) => {
  await app.algorithm.selectOption('red')
  await expect.poll(async () => (await sim.aqm())?.kind).toBe('red')
  await app.playButton.click()
  const before = Number((await sim.aqm())?.max_th)
  expect(before).toBe(15)

  const label = await sim.paramLabel('red', 'max_th')
  const handle = app.chartHandle(app.curveChart, label)
  await expect(handle.slider).toHaveAttribute('aria-valuenow', '15')
  // The curve's queue axis settles in the first frames of the run; press where the grip rests, as a person
  // would, not where it was one redraw ago.
  let box = await handle.grip.boundingBox()
  await expect
    .poll(async () => {
      const prev = box
      await app.page.waitForTimeout(250)
      box = await handle.grip.boundingBox()
      return prev !== null && box !== null && prev.x === box.x && prev.y === box.y
    })
    .toBe(true)
  if (box === null) throw new Error('the max_th grip is not on screen')

  // A real gesture: press on the grip, move right in steps, release.
  const { mouse } = app.page
  await mouse.move(box.x + box.width / 2, box.y + box.height / 2)
  await mouse.down()
  for (let dx = 10; dx <= 60; dx += 10) await mouse.move(box.x + box.width / 2 + dx, box.y + box.height / 2)
  await mouse.up()

  // The engine took a larger max_th, and the parameter panel shows exactly that value. The drag sends its
  // steps throttled and the release sends the last: wait for that one (the value the handle was let go at),
  // not the first larger step the engine echoes.
  await expect
    .poll(async () => {
      const engine = Number((await sim.aqm())?.max_th)
      return engine > before && String(engine) === (await handle.slider.getAttribute('aria-valuenow'))
    })
    .toBe(true)
  const after = Number((await sim.aqm())?.max_th)
  await expect(app.param(label).value).toHaveValue(String(after))
  await expect(handle.slider).toHaveAttribute('aria-valuenow', String(after))
  expect(Number.isInteger(after)).toBe(true) // dragged in whole packets
  expect((await sim.errors())['set-param:max_th']).toBeUndefined()
  expect(app.consoleErrors).toEqual([])
})
