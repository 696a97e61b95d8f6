// Issue 14, item 13: the lab reflows instead of squashing (WCAG 1.4.10). On a phone the header fits and
// the queue chart comes first, the controls after; at 200 % zoom the pinned Apply bar does not cover the
// screen; with large text, compare panes of 3–4 sides keep every chart legible. Screenshots of each
// (light and dark) go to e2e/screenshots/ for a person to look at.
import type { Page } from '@playwright/test'
import { test, expect } from '../fixtures'
import { labApi } from '../pages/SharePage'

async function open(page: Page, search: string, opts: { dark?: boolean; large?: boolean } = {}) {
  await page.addInitScript(
    ([dark, large]) =>
      localStorage.setItem('aqm-lab:view', JSON.stringify({ theme: dark ? 'dark' : 'light', largeType: large })),
    [opts.dark ?? false, opts.large ?? false] as const,
  )
  await page.goto(search)
}

async function noHorizontalScroll(page: Page) {
  const { scroll, width } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: window.innerWidth,
  }))
  expect(scroll).toBeLessThanOrEqual(width)
}

for (const dark of [false, true]) {
  const theme = dark ? 'dark' : 'light'

  test.describe(`phone 390×844, ${theme}`, () => {
    test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 })
    test('the header fits and the queue chart comes before the controls', async ({ page }) => {
      await open(page, './?v=1&aqm=red', { dark })
      await expect.poll(() => labApi(page).ready()).toBe(true)
      await noHorizontalScroll(page)
      const header = await page.locator('header').first().boundingBox()
      expect(header!.width).toBeLessThanOrEqual(390)
      const queue = await page.getByTestId('queue-chart').boundingBox()
      const controls = await page.getByRole('complementary').first().boundingBox()
      expect(queue!.y).toBeLessThan(controls!.y)
      expect(queue!.y).toBeLessThan(844) // on the first screen
      await page.screenshot({ path: `e2e/screenshots/phone-${theme}.png` })
    })
  })

  test.describe(`200 % zoom of 1280×800, ${theme}`, () => {
    // 200 % zoom: the CSS viewport halves and every CSS pixel is two device pixels.
    test.use({ viewport: { width: 640, height: 400 }, deviceScaleFactor: 2 })
    test('nothing pinned covers the screen and nothing scrolls sideways', async ({ page }) => {
      await open(page, './?v=1&aqm=red', { dark })
      await expect.poll(() => labApi(page).ready()).toBe(true)
      await noHorizontalScroll(page)
      const bar = page.locator('.apply-bar')
      await bar.scrollIntoViewIfNeeded()
      await page.mouse.wheel(0, -200)
      // Whatever stays pinned while scrolling takes at most a sixth of the viewport's height.
      const pinned = await page.evaluate(() =>
        [...document.querySelectorAll('.apply-bar, .transport')]
          .filter((el) => ['sticky', 'fixed'].includes(getComputedStyle(el).position))
          .reduce((h, el) => h + el.getBoundingClientRect().height, 0),
      )
      expect(pinned).toBeLessThanOrEqual(400 / 6)
      await page.evaluate(() => window.scrollTo(0, 0))
      await page.screenshot({ path: `e2e/screenshots/zoom200-${theme}.png` })
    })
  })

  test.describe(`1280×800, ${theme}`, () => {
    test.use({ viewport: { width: 1280, height: 800 } })
    test('the lab and, with large text, four compare panes keep every chart legible', async ({ page }) => {
      await open(page, './?v=1&aqm=red', { dark })
      await expect.poll(() => labApi(page).ready()).toBe(true)
      await page.screenshot({ path: `e2e/screenshots/lab-1280x800-${theme}.png` })
      await open(page, './?view=compare&preset=rfc7928-rtt-fairness', { dark, large: true })
      await expect(page.getByTestId('compare-side-3')).toBeVisible()
      await noHorizontalScroll(page)
      for (const chart of await page.getByTestId('delay-chart').all()) {
        const body = await chart.locator('.chart-body').boundingBox()
        expect(body!.height).toBeGreaterThanOrEqual(100)
      }
      await page.screenshot({ path: `e2e/screenshots/compare-large-${theme}.png`, fullPage: true })
    })
  })
}
