import { test, expect } from '../fixtures'

// Keeps e2e/screenshots/lab.png (the README's picture) in step with the page: RED running for
// 25 simulated seconds at 1280×720, every chart on screen.
test.use({ viewport: { width: 1280, height: 720 } })

test('every chart is on screen at 1280×720 while RED runs (screenshot for the README)', async ({ app, sim }) => {
  test.setTimeout(60_000)
  await app.algorithm.selectOption('red')
  await expect.poll(async () => (await sim.aqm())?.kind).toBe('red')
  await app.page.getByLabel(app.t('transport.speed')).selectOption({ label: app.t('transport.speedFast', { value: 5 }) })
  await app.playButton.click()
  await expect.poll(() => sim.simTime(), { timeout: 45_000 }).toBeGreaterThan(25)
  for (const chart of [app.queueChart, app.curveChart, app.cwndChart, app.throughputBars, app.fairnessChart, app.delayChart]) {
    await expect(chart).toBeInViewport({ ratio: 1 })
  }
  await app.pauseButton.click()
  await app.page.screenshot({ path: 'e2e/screenshots/lab.png' })
})
