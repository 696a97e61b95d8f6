// Issue 14 items 4 and 5: the drop-probability panel tells the truth. On its square-root axis the
// curve bends as p_b does (item 4), and while paused it follows every edit, RED chosen while paused
// has a curve, and PIE before Play does not claim to have no drop probability (item 5).
import type { Locator } from '@playwright/test'
import { test, expect } from '../fixtures'

/**
 * The drawn curve's height at queue value `q`, as a probability read off the panel's own axes (the
 * ticks of p = 0 and p = 1 on the square-root axis, two queue ticks), from the SVG path's geometry.
 */
function pOnDrawnCurve(chart: Locator, q: number): Promise<number> {
  return chart
    .locator('svg')
    .first()
    .evaluate((svg, q) => {
      // d3-axis shifts ticks by half a pixel on 1× screens for crisp lines; the path is not shifted.
      const off = window.devicePixelRatio > 1 ? 0 : 0.5
      const ticks = (cls: string) =>
        [...svg.querySelectorAll(`.axis-${cls} .tick`)].map((t) => {
          const m = /translate\(([-\d.e]+),([-\d.e]+)\)/.exec(t.getAttribute('transform') ?? '')
          return { v: Number(t.textContent), x: Number(m?.[1]) - off, y: Number(m?.[2]) - off }
        })
      const left = ticks('left')
      const y0 = left.find((t) => t.v === 0)!.y
      const y1 = left.find((t) => t.v === 1)!.y
      const bottom = ticks('bottom').filter((t) => Number.isFinite(t.v))
      const [a, b] = [bottom[0], bottom[bottom.length - 1]]
      const px = a.x + ((q - a.v) * (b.x - a.x)) / (b.v - a.v)
      const path = svg.querySelector('path.curve-line') as SVGPathElement
      // The curve runs left to right: find where it crosses px (binary search along its length).
      let [lo, hi] = [0, path.getTotalLength()]
      for (let i = 0; i < 60; i++) {
        const mid = (lo + hi) / 2
        if (path.getPointAtLength(mid).x < px) lo = mid
        else hi = mid
      }
      const y = path.getPointAtLength(hi).y
      const root = (y0 - y) / (y0 - y1)
      return root * root
    }, q)
}

test('mid-ramp the drawn curve is at RED p_b = max_p·(avg − min_th)/(max_th − min_th)', async ({ app, sim }) => {
  await app.algorithm.selectOption('red')
  await expect.poll(async () => (await sim.aqm())?.kind).toBe('red')
  // Run a moment so the curve is there whether or not a paused switch sends it (that is item 5).
  await app.playUntil(sim, 0.5)
  await expect(app.curveChart.locator('path.curve-line')).toBeVisible()
  const red = await sim.aqm()
  const [minTh, maxTh, maxP] = [Number(red?.min_th), Number(red?.max_th), Number(red?.max_p)]
  expect([minTh, maxTh, maxP]).toEqual([5, 15, 0.02])
  for (const q of [7.5, 10, 12.5]) {
    const want = (maxP * (q - minTh)) / (maxTh - minTh)
    // A straight chord on the √ axis would read 0.0035, 0.005, 0.0078 here (-30 to -50 %).
    expect(Math.abs((await pOnDrawnCurve(app.curveChart, q)) - want) / want).toBeLessThan(0.06)
  }
})

test('paused: RED has a curve at once, and the curve follows max_p and threshold edits', async ({ app, sim }) => {
  expect(await sim.playing()).toBe(false)
  await app.algorithm.selectOption('red')
  await expect.poll(async () => (await sim.aqm())?.kind).toBe('red')
  const line = app.curveChart.locator('path.curve-line')
  await expect(line).toBeVisible()
  await expect(app.curveChart.locator('.chart-note')).toHaveCount(0)

  const maxP = app.param(await sim.paramLabel('red', 'max_p'))
  await maxP.value.fill('0.1')
  await maxP.value.press('Enter')
  await expect.poll(async () => (await sim.aqm())?.max_p).toBe(0.1)
  await expect.poll(() => pOnDrawnCurve(app.curveChart, 10)).toBeCloseTo(0.05, 2)

  // A drag of min_th on the curve panel, paused: the drawn ramp starts at the new min_th.
  const minLabel = await sim.paramLabel('red', 'min_th')
  const handle = app.chartHandle(app.curveChart, minLabel)
  await handle.slider.focus()
  await app.page.keyboard.press('ArrowRight')
  await app.page.keyboard.press('ArrowRight')
  await expect.poll(async () => (await sim.aqm())?.min_th).toBe(7)
  await expect.poll(() => pOnDrawnCurve(app.curveChart, 11)).toBeCloseTo((0.1 * 4) / 8, 2)
  expect(await sim.playing()).toBe(false)
})

test('before Play, PIE, BLUE and PI do not claim to have no drop probability', async ({ app, sim }) => {
  for (const kind of ['pie', 'blue', 'pi']) {
    await app.algorithm.selectOption(kind)
    await expect.poll(async () => (await sim.aqm())?.kind).toBe(kind)
    await expect(app.curveChart).toBeVisible()
    await expect(app.curveChart.locator('.chart-note')).toHaveCount(0)
  }
  // CoDel truly has none: after a second of running it says so.
  await app.algorithm.selectOption('codel')
  await app.playButton.click()
  await expect.poll(() => sim.simTime()).toBeGreaterThan(1)
  await expect(app.curveChart.locator('.chart-note')).toBeVisible()
})
