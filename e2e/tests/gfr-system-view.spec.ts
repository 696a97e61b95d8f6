import { test, expect } from '../fixtures'

// GFR over ATM keeps its own buffer of MAX_Q cells and decides frame by frame against LBO and HBO. The
// system view must show that buffer in cells (not the link's unused "buffer 0 packets") and the early
// discards it makes (not "no early decision"); the queue chart and readouts must not present the buffer in
// cells as an "average" on the packet axis.
test("GFR's system view shows its cell buffer and its early discards, and no cell count poses as an average in packets", async ({
  page,
  openLab,
}) => {
  test.setTimeout(90_000)
  const { app, sim } = await openLab('./?preset=seed002-gfr-atm')
  await expect.poll(async () => (await sim.aqm())?.kind).toBe('gfr')
  const maxQ = Number((await sim.aqm())?.max_q_cells)
  expect(maxQ).toBeGreaterThan(0)
  await app.playFast(10)
  await expect.poll(async () => (await sim.aqmState()).epd_frames ?? 0, { timeout: 60_000 }).toBeGreaterThan(0)
  await app.pauseButton.click()
  await expect.poll(() => sim.playing()).toBe(false)

  const view = page.getByTestId('system-view')
  const cells = app.chartsT('units.cells')
  await expect(view).toContainText(`${app.chartsT('system.bottleneck')}`)
  await expect(view).toContainText(new RegExp(`${maxQ.toLocaleString('en-US')} ${cells}`))
  const decision = page.getByTestId('system-decision')
  await expect(decision).not.toContainText(app.chartsT('system.decision.none'))
  await expect(decision).toContainText('EPD')
  const state = await sim.aqmState()
  await expect(decision).toContainText(
    app.chartsT('system.decision.discards', { epd: state.epd_frames, ppd: state.ppd_frames }),
  )

  // No "average" series on the packet axis, and no average readout in packets.
  await expect(app.queueChart).not.toContainText(app.chartsT('queue.average'))
  const readouts = page.getByTestId('sim-time').locator('xpath=ancestor::dl[1]')
  const avgReadout = readouts.locator('div', { has: page.locator('dt', { hasText: app.chartsT('readouts.avg') }) })
  await expect(avgReadout.locator('dd')).toHaveText(/^–/)
  expect(await sim.errors()).toEqual({})
  expect(app.consoleErrors).toEqual([])
})
