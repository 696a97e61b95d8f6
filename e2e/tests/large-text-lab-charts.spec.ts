// Issue 27 (walk E11): Large text (A+) must not squash the lab's charts. The walk's steps at 1280×800:
// ?preset=red-vs-droptail, A+ Large text, Play; it measured the queue chart's plot at 30 px and the other
// canvases at 63–114 px. With Large text the queue chart's plot (inside its axes) keeps at least 100 px and
// every other time chart's at least 60 px (at normal text: queue 95, cwnd 60, bars 65, fairness and delay 50).
import { test, expect } from '../fixtures'

test.use({ viewport: { width: 1280, height: 800 } })

const MIN_QUEUE_PLOT_PX = 100
const MIN_PLOT_PX = 60

test('with Large text the lab keeps its chart plots legible (red-vs-droptail, playing)', async ({ openLab }) => {
  // A first visit, as the walk made it: straight to the preset's link, the first-visit card included.
  const { app, sim } = await openLab('./?preset=red-vs-droptail')
  await app.largeTypeButton.click()
  await expect(app.largeTypeButton).toHaveAttribute('aria-pressed', 'true')
  await app.playButton.click()
  await expect.poll(() => sim.simTime(), { timeout: 30_000 }).toBeGreaterThan(2)
  // The plot: the rectangle the lines are drawn in, inside the axes (what the walk measured at 30 px).
  const heights: Record<string, number> = {}
  for (const [name, chart] of Object.entries({
    queue: app.queueChart,
    cwnd: app.cwndChart,
    bars: app.throughputBars,
    fairness: app.fairnessChart,
    delay: app.delayChart,
  })) {
    const plot = chart.locator('.plot-hit').first()
    await expect(plot).toBeVisible()
    heights[name] = Math.round((await plot.boundingBox())!.height)
  }
  test.info().annotations.push({ type: 'plot heights (px)', description: JSON.stringify(heights) })
  console.log('plot heights (px), Large text, 1280×800:', JSON.stringify(heights))
  // The queue chart, the one every lesson points at, keeps a plot of 100 px; the others at least 60 px.
  expect(heights.queue, JSON.stringify(heights)).toBeGreaterThanOrEqual(MIN_QUEUE_PLOT_PX)
  for (const [name, h] of Object.entries(heights))
    expect(h, `${name}: ${JSON.stringify(heights)}`).toBeGreaterThanOrEqual(MIN_PLOT_PX)
  await app.pauseButton.click()
})
