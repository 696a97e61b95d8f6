import { test, expect } from '../fixtures'

// Keeps e2e/screenshots/lab.png and lab-dark.png (the README's pictures) in step with the page: RED
// running for 25 simulated seconds at 1280×720, every chart on screen, in the light and the dark theme.
test.use({ viewport: { width: 1280, height: 720 } })

test('every chart is on screen at 1280×720 while RED runs (screenshots for the README, light and dark)', async ({
  app,
  sim,
}) => {
  test.setTimeout(60_000)
  await app.algorithm.selectOption('red')
  await expect.poll(async () => (await sim.aqm())?.kind).toBe('red')
  await app.playFast(5)
  await expect.poll(() => sim.simTime(), { timeout: 45_000 }).toBeGreaterThan(25)
  for (const chart of app.charts) {
    await expect(chart).toBeInViewport({ ratio: 1 })
  }
  await app.pauseButton.click()
  // The run summary shows while playing too: wait for the worker to have paused before reading its time.
  await expect.poll(() => sim.playing()).toBe(false)
  await expect(app.page.getByTestId('summary-mean-queue')).toBeVisible() // the run summary after the pause
  const pausedAt = await sim.simTime()
  await expect(app.simTimeReadout).toContainText(pausedAt.toFixed(2)) // the latest values caught up
  await app.themePicker.selectOption('light')
  await expect(app.page.locator('html')).toHaveAttribute('data-theme', 'light')
  await app.page.screenshot({ path: 'e2e/screenshots/lab.png' })

  // The same paused run in the dark theme, chosen with the theme control; the charts redraw in its colours.
  const pixels = await app.chartPixels()
  await app.themePicker.selectOption('dark')
  await expect(app.page.locator('html')).toHaveAttribute('data-theme', 'dark')
  await expect.poll(() => app.chartPixels()).not.toBe(pixels)
  await app.page.screenshot({ path: 'e2e/screenshots/lab-dark.png' })
})
