// Walk E22: on a phone the Validation page was 881 px wide and Compare 465 px (from the per-flow table), so the
// whole page scrolled sideways. A wide table may scroll inside its own box; the page itself may not.
import { test, expect } from '../fixtures'

test.use({ viewport: { width: 390, height: 844 } })

for (const search of [
  '?view=validation',
  '?view=compare&preset=red-vs-droptail',
  '?view=sweep&preset=red-vs-droptail',
]) {
  test(`${search}: the page does not scroll sideways on a phone`, async ({ page }) => {
    await page.goto(`./${search}`)
    await expect(page.locator('main')).toBeVisible()
    // Let the views lay out their tables (Compare runs its sides; Validation lists its cases).
    await page.waitForTimeout(3000)
    const { scroll, width } = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      width: window.innerWidth,
    }))
    expect(scroll).toBeLessThanOrEqual(width)
  })
}
