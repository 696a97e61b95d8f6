// Issue 14 item 3: the "Throughput (last 1 s)" bars show each flow's share as soon as samples exist,
// not only once the run reaches the right edge of the time window.
import { test, expect } from '../fixtures'

test('throughput bars are filled a few seconds into a run (window 20 s)', async ({ app, sim }) => {
  await app.playButton.click()
  await expect.poll(() => sim.simTime()).toBeGreaterThan(4)
  await app.pauseButton.click()
  await expect.poll(() => sim.playing()).toBe(false)
  expect(await sim.simTime()).toBeLessThan(20)

  const plot = await app.throughputBars.locator('.plot-hit').boundingBox()
  if (plot === null) throw new Error('no throughput plot')
  const flows = await sim.totalFlows()
  let total = 0
  for (let i = 0; i < flows; i++) {
    // A pointer over bar i reads out that flow's throughput over the last second.
    await app.page.mouse.move(plot.x + ((i + 0.5) * plot.width) / flows, plot.y + plot.height - 4)
    const name = app.chartsT('flow.name', { n: i + 1 })
    const readout = app.throughputBars.locator('.chart-readout')
    await expect(readout).toContainText(`${name}: `)
    const mbps = Number(/: ([\d.]+) Mbit\/s/.exec((await readout.textContent()) ?? '')?.[1])
    expect(mbps).toBeGreaterThanOrEqual(0)
    total += mbps
  }
  // Five Reno flows keep a 10 Mbit/s link busy: the bars add up to most of it, not to nothing.
  expect(total).toBeGreaterThan(5)
  expect(total).toBeLessThanOrEqual(10.5)
})
