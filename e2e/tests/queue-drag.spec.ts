import type { Locator } from '@playwright/test'
import { test, expect } from '../fixtures'
import { centre } from '../pages/AppPage'

// 30 Reno flows keep RED's averaged queue up against max_th = 15. Dragging the thresholds up on the
// queue chart (a real mouse gesture, not the curve editor) must reach the engine, and the averaged
// queue must follow into the new band within a few simulated seconds.
const LINK = './?v=1&flows=30&tcp=reno&aqm=red&min_th=5&max_th=15&speed=5'
const OLD_MAX = 15
/** Well above the old max_th: RED's forced drops above max_th keep the average from getting here. */
const RISEN = OLD_MAX + 5

type Trace = Array<[number, number]>
const mean = (trace: Trace) => trace.reduce((s, [, v]) => s + v, 0) / trace.length
const max = (trace: Trace) => trace.reduce((m, [, v]) => Math.max(m, v), -Infinity)

test("dragging RED's thresholds up on the queue chart raises the engine's values and the averaged queue follows", async ({
  page,
  openLab,
}) => {
  test.setTimeout(60_000)
  const { app, sim } = await openLab(LINK)
  await expect.poll(() => sim.aqm()).toMatchObject({ kind: 'red', min_th: 5, max_th: OLD_MAX })
  await expect.poll(() => sim.totalFlows()).toBe(30)
  await app.playButton.click()
  await expect.poll(() => sim.simTime(), { timeout: 20_000 }).toBeGreaterThan(12)

  const maxTh = app.chartHandle(app.queueChart, await sim.paramLabel('red', 'max_th'))
  const minTh = app.chartHandle(app.queueChart, await sim.paramLabel('red', 'min_th'))
  // Pixels per packet from where the chart draws the two thresholds (the axis rescales as values change).
  const pxPerPkt = async () => {
    const [lo, hi] = [await centre(minTh.grip), await centre(maxTh.grip)]
    const [a, b] = [
      Number(await minTh.slider.getAttribute('aria-valuenow')),
      Number(await maxTh.slider.getAttribute('aria-valuenow')),
    ]
    return (lo.y - hi.y) / (b - a)
  }
  const { mouse } = page
  const drag = async (handle: { slider: Locator; grip: Locator }, packets: number) => {
    // The axis may rescale as the queue moves, until a drag starts and freezes it: press first
    // (again if the grip moved away meanwhile), then measure.
    for (let attempt = 1; ; attempt++) {
      const at = await centre(handle.grip)
      await mouse.move(at.x, at.y)
      await mouse.down()
      if (await handle.slider.evaluate((el) => el.classList.contains('handle-active'))) break
      await mouse.up()
      if (attempt === 3) throw new Error('the grip keeps moving away')
    }
    const from = await centre(handle.grip)
    const dy = -packets * (await pxPerPkt())
    for (let k = 1; k <= 8; k++) await mouse.move(from.x, from.y + (dy * k) / 8)
    await mouse.up()
  }
  // As a person would: drag, look where the line landed, and drag the rest of the way if it fell short (a
  // busy machine can redraw the axis between measuring and pressing).
  const dragTo = async (handle: { slider: Locator; grip: Locator }, key: 'min_th' | 'max_th', target: number) => {
    for (let attempt = 1; attempt <= 3; attempt++) {
      const shown = Number(await handle.slider.getAttribute('aria-valuenow'))
      if (Math.abs(shown - target) <= 2) return
      await drag(handle, target - shown)
      await expect
        .poll(async () => String((await sim.aqm())?.[key]))
        .toBe(await handle.slider.getAttribute('aria-valuenow'))
    }
  }

  // At real time, as a person would drag: max_th from 15 to about 40, then min_th from 5 to about 25.
  await page.getByLabel(app.t('transport.speed')).selectOption({ label: app.t('transport.speedRealTime') })
  await expect.poll(() => sim.speed()).toBe(1)
  const movedAt = await sim.simTime() // the engine gets the first new max_th during the drag
  await dragTo(maxTh, 'max_th', 40)
  await expect.poll(async () => Number((await sim.aqm())?.max_th)).toBeGreaterThanOrEqual(38)
  await dragTo(minTh, 'min_th', 25)
  await expect.poll(async () => Number((await sim.aqm())?.min_th)).toBeGreaterThanOrEqual(20)
  const aqm = await sim.aqm()
  expect(Number(aqm?.max_th)).toBeLessThanOrEqual(42)
  expect(Number(aqm?.min_th)).toBeLessThan(Number(aqm?.max_th))
  await expect(maxTh.slider).toHaveAttribute('aria-valuenow', String(aqm?.max_th))
  await expect(app.param(await sim.paramLabel('red', 'max_th')).value).toHaveValue(String(aqm?.max_th))

  // RED's averaged queue (the `avg` column, sampled every 50 ms): under the old thresholds it stayed
  // below RISEN; within 10 simulated seconds of the drag it climbs past it,
  // and then stays up in the new band.
  await expect.poll(() => sim.simTime(), { timeout: 20_000 }).toBeGreaterThan(movedAt + 10)
  const avg = await sim.trace('avg', 6) // after slow start
  const before = avg.filter(([t]) => t < movedAt)
  const after = avg.filter(([t]) => t >= movedAt)
  const roseAt = after.find(([, v]) => v > RISEN)?.[0] ?? Number.NaN
  const report = {
    aqm,
    movedAt,
    roseAt,
    before: { mean: mean(before), max: max(before) },
    after: { mean: mean(after.filter(([t]) => t > movedAt + 5)) },
  }
  console.log(`queue drag: ${JSON.stringify(report)}`)
  expect(before.length).toBeGreaterThan(50)
  expect(report.before.max).toBeLessThan(RISEN)
  expect(roseAt - movedAt, `avg passed ${RISEN} at ${roseAt} s; max_th was moved at ${movedAt} s`).toBeLessThanOrEqual(
    10,
  )
  expect(report.after.mean).toBeGreaterThan(RISEN)
  expect(await sim.errors()).toEqual({})
  expect(app.consoleErrors).toEqual([])
})
