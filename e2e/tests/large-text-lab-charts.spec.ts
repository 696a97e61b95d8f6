// Issue 27 (walk E11): Large text (A+) must not squash the lab's charts. The walk's steps at 1280×800:
// ?preset=red-vs-droptail, A+ Large text, Play; it measured the queue chart's plot at 30 px and the other
// canvases at 63–114 px. Every chart's plot keeps at least 100 px, as with normal text.
import { test, expect } from '@playwright/test'
import { AppPage } from '../pages/AppPage'
import { SimApi } from '../simApi'

test.use({ viewport: { width: 1280, height: 800 } })

const MIN_PLOT_PX = 100

test('with Large text the lab keeps every chart plot at least 100 px tall (red-vs-droptail, playing)', async ({
  page,
}) => {
  // A first visit, as the walk made it: straight to the preset's link, the first-visit card included.
  const app = new AppPage(page)
  const sim = new SimApi(page)
  await page.goto('./?preset=red-vs-droptail')
  await expect.poll(() => sim.ready()).toBe(true)
  await app.largeTypeButton.click()
  await expect(app.largeTypeButton).toHaveAttribute('aria-pressed', 'true')
  await app.playButton.click()
  await expect.poll(() => sim.simTime(), { timeout: 30_000 }).toBeGreaterThan(2)
  const heights: Record<string, number> = {}
  for (const [name, chart] of Object.entries({
    queue: app.queueChart,
    curve: app.curveChart,
    cwnd: app.cwndChart,
    fairness: app.fairnessChart,
    delay: app.delayChart,
  })) {
    // The plot is the chart's canvas (what the lines are drawn on).
    const canvas = chart.locator('canvas').first()
    await expect(canvas).toBeVisible()
    heights[name] = (await canvas.boundingBox())!.height
  }
  const bars = await app.throughputBars.locator('svg').first().boundingBox()
  heights.bars = bars!.height
  test.info().annotations.push({ type: 'plot heights (px)', description: JSON.stringify(heights) })
  console.log('plot heights (px), Large text, 1280×800:', JSON.stringify(heights))
  for (const [name, h] of Object.entries(heights))
    expect(h, `${name}: ${JSON.stringify(heights)}`).toBeGreaterThanOrEqual(MIN_PLOT_PX)
  await app.pauseButton.click()
})
