// Issue 17, the system view: the buffer's packet slots follow the engine's queue length frame by frame, and
// a drop or mark the engine reports in a frame is drawn in the first animation frame after it arrives.
import type { SystemDraw } from '../../web/system/testApi' // also brings in window.__aqmSystem
import { test, expect } from '../fixtures'

// 30 Reno flows into a 40-packet drop-tail buffer: the queue fills and overflows every few seconds.
const LINK = './?v=1&flows=30&tcp=reno&buffer=40&speed=3'

test('the system view draws the queue the engine holds and every drop as it is reported', async ({ page, openLab }) => {
  test.setTimeout(150_000)
  const { app, sim } = await openLab(LINK)
  await expect.poll(() => sim.totalFlows()).toBe(30)
  await expect(page.getByTestId('system-view')).toBeVisible()
  await expect(page.getByTestId('system-view')).toContainText('30 × Reno')
  await app.playButton.click()
  await expect.poll(() => sim.simTime(), { timeout: 60_000 }).toBeGreaterThan(8)
  await app.pauseButton.click()

  const draws: SystemDraw[] = await page.evaluate(() => window.__aqmSystem?.draws() ?? [])
  const busy = draws.filter((d) => d.qPkts > 0)
  expect(draws.length).toBeGreaterThan(100)
  expect(busy.length).toBeGreaterThan(50)
  // Each frame: the slots drawn hold the engine's queue length in that frame, within one slot.
  const off = draws
    .filter((d) => Math.abs(d.slots - d.qPkts / d.perSlot) > 1)
    .map((d) => `frame ${d.seq}: ${d.slots} slots of ${d.perSlot} for ${d.qPkts}`)
  expect(off).toEqual([])
  // Once the run is under way no frame was skipped (consecutive arrival numbers; a frame of the simulation the
  // link replaced is rightly left out) and each was drawn in the first animation frame after it arrived.
  const from = draws.indexOf(busy[0])
  const gaps = draws
    .slice(from + 1)
    .filter((d, i) => d.seq !== draws[from + i].seq + 1)
    .map((d) => d.seq)
  expect(gaps).toEqual([])
  expect(draws.every((d) => d.rafsAfterArrival === 0)).toBe(true)
  // Every frame with drops or marks started marks for them in that same draw.
  const withEvents = draws.filter((d) => d.eventsTotal > 0)
  expect(withEvents.length, 'drop-tail overflowed').toBeGreaterThan(0)
  expect(withEvents.filter((d) => d.dropMarks + d.ceMarks === 0).map((d) => d.seq)).toEqual([])
  expect(withEvents.every((d) => d.ceMarks === 0)).toBe(true)
  // The total reported equals the engine's drops over the run so far (summed trace column).
  const reported = (await page.evaluate(() => window.__aqmSystem?.totals().events)) ?? 0
  const engineDrops = (await sim.trace('drops', 0)).reduce((s, [, v]) => s + v, 0)
  expect(reported).toBeGreaterThanOrEqual(engineDrops)

  // Off: the view goes and the worker stops sending it.
  await page.getByTestId('system-toggle').click()
  await expect(page.getByTestId('system-view')).toHaveCount(0)
})

test.describe('reduced motion', () => {
  test.use({ reducedMotion: 'reduce' })
  test('the view knows the reader asked for reduced motion', async ({ page, sim }) => {
    expect(await sim.ready()).toBe(true)
    await expect(page.getByTestId('system-view')).toBeVisible()
    expect(await page.evaluate(() => window.__aqmSystem?.reducedMotion())).toBe(true)
  })
})
