import { test, expect } from '../fixtures'

test('the congestion-window chart draws one trace per flow, and hovering one highlights it with its values', async ({
  app,
  sim,
}) => {
  await app.playButton.click()
  await expect.poll(() => sim.simTime()).toBeGreaterThan(3)
  const flows = await sim.totalFlows()
  expect(flows).toBe(5)
  await expect(app.cwndChart).toHaveAttribute('data-traces', String(flows))
  await app.pauseButton.click()
  await expect.poll(() => sim.playing()).toBe(false)

  // Sweep the pointer down the plot until it lands on a trace.
  const flow = await app.hoverCwndTrace()
  expect(flow).toBeGreaterThanOrEqual(0)
  expect(flow).toBeLessThan(flows)
  const name = app.chartsT('flow.name', { n: flow + 1 })
  const tip = app.cwndChart.getByRole('status')
  await expect(tip).toContainText(name)
  await expect(tip).toContainText(/cwnd \d+(\.\d+)?/)
  // The same flow is singled out in the throughput bars, with its share of the link.
  await expect(app.throughputBars).toContainText(new RegExp(`${name}: [\\d.]+ Mbit/s \\(\\d+%\\)`))

  const plot = await app.cwndChart.locator('.plot-hit').boundingBox()
  if (plot === null) throw new Error('no cwnd plot')
  await app.page.mouse.move(plot.x - 40, plot.y - 40) // off the plot
  await expect(app.cwndChart).toHaveAttribute('data-highlight', '')
  await expect(tip).toHaveCount(0)
})
