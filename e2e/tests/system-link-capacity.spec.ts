import * as d3 from 'd3'
import { test, expect } from '../fixtures'

// A link whose capacity changes (satellite slots: a new rate every 15 s from 15 s on): the system view's
// header must give the capacity in force, not the scenario's starting 20 Mbit/s.
test("the system view's link header follows the link's capacity changes", async ({ page, openLab }) => {
  test.setTimeout(90_000)
  const { app, sim } = await openLab('./?preset=satellite-slot-changes')
  await expect.poll(() => sim.linkRate()).toBeGreaterThan(0)
  await app.playFast(10)
  // Into the first slot with a rate other than the starting one.
  await expect
    .poll(
      async () => {
        const cap = await sim.trace('capacity_mbps', 0)
        return cap.length > 0 && cap[cap.length - 1][1] !== 20
      },
      { timeout: 60_000 },
    )
    .toBe(true)
  await app.pauseButton.click()
  await expect.poll(() => sim.playing()).toBe(false)
  const cap = await sim.trace('capacity_mbps', 0)
  const now = cap[cap.length - 1][1]
  const header = page.getByTestId('system-view').locator('.sv-line').first()
  await expect(header).toContainText(
    app.chartsT('system.link_now', {
      rate: d3.format(',.3~f')(now),
      delay: 15,
      buffer: '1,000',
      unit: app.chartsT('units.packets'),
    }),
  )
  await expect(header).not.toContainText('20 Mbit/s')
  expect(app.consoleErrors).toEqual([])
})
