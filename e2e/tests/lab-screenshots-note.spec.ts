// Issue 27 ("Must show"): pictures of the lab for the lead's note, kept in e2e/screenshots/ and remade with
// the page: RED running, paused after 10 simulated seconds, at 1280×800, on a 390×844 phone, and with Large
// text at 1280×800 (light theme). Each picture is taken only once the checks that make it worth looking at
// hold: the queue chart on screen with a plot (inside its axes) of at least 60 px.
import type { Page } from '@playwright/test'
import { test, expect } from '@playwright/test'
import { AppPage } from '../pages/AppPage'
import { SimApi } from '../simApi'

const shots = [
  { name: 'note-lab-1280x800', viewport: { width: 1280, height: 800 }, large: false },
  { name: 'note-lab-390x844', viewport: { width: 390, height: 844 }, large: false },
  { name: 'note-lab-large-1280x800', viewport: { width: 1280, height: 800 }, large: true },
]

async function runRed(page: Page, large: boolean): Promise<AppPage> {
  await page.addInitScript(
    (big) => localStorage.setItem('aqm-lab:view', JSON.stringify({ theme: 'light', largeType: big })),
    large,
  )
  await page.goto('./?v=2&aqm=red&speed=5')
  const app = new AppPage(page)
  const sim = new SimApi(page)
  await expect.poll(() => sim.ready()).toBe(true)
  await expect(page.locator('html')).toHaveAttribute('data-type-size', large ? 'large' : 'normal')
  await app.playButton.click()
  await expect.poll(() => sim.simTime(), { timeout: 45_000 }).toBeGreaterThan(10)
  await app.pauseButton.click()
  await expect.poll(() => sim.playing()).toBe(false)
  return app
}

for (const s of shots) {
  test.describe(s.name, () => {
    test.use({ viewport: s.viewport })
    test(`the lab running RED at ${s.viewport.width}×${s.viewport.height}${s.large ? ', Large text' : ''}`, async ({
      page,
    }) => {
      test.setTimeout(90_000)
      const app = await runRed(page, s.large)
      await page.evaluate(() => window.scrollTo(0, 0))
      await expect(app.queueChart).toBeInViewport()
      const plot = await app.queueChart.locator('.plot-hit').first().boundingBox()
      expect(plot!.height).toBeGreaterThanOrEqual(60)
      await page.screenshot({ path: `e2e/screenshots/${s.name}.png` })
    })
  })
}
