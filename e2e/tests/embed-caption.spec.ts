// Issue 14, item 17: an embed's caption is plain text shown as text (angle brackets included, no error box
// inside the course page), a long caption is cut and never widens the frame, and a chart named twice in
// `views=` is drawn once.
import { test, expect } from '../fixtures'

test('a 3,000-character caption is cut to a short caption that stays inside the frame', async ({ page }) => {
  await page.setViewportSize({ width: 600, height: 500 })
  await page.goto(`./?embed=1&caption=${'W'.repeat(3000)}`)
  const caption = page.getByTestId('embed-caption')
  await expect(caption).toBeVisible()
  const text = (await caption.textContent()) ?? ''
  expect(text.length).toBeLessThanOrEqual(200)
  expect(text.endsWith('…')).toBe(true)
  const box = await caption.evaluate((el) => ({
    sw: el.scrollWidth,
    cw: el.clientWidth,
    h: el.getBoundingClientRect().height,
    lh: parseFloat(getComputedStyle(el).lineHeight) || 20,
  }))
  expect(box.sw).toBeLessThanOrEqual(box.cw)
  expect(box.h).toBeLessThanOrEqual(box.lh * 2 + 1)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(600)
  await expect(page.getByRole('alert')).toHaveCount(0)
})

test('a caption with < and > is shown as text, with no error box', async ({ page }) => {
  await page.goto(`./?embed=1&caption=${encodeURIComponent('Queue < buffer > 0 <b>bold</b>')}`)
  await expect(page.getByTestId('embed-caption')).toHaveText('Queue < buffer > 0 <b>bold</b>')
  await expect(page.locator('.embed-caption b')).toHaveCount(0)
  await expect(page.getByRole('alert')).toHaveCount(0)
  // The embed is a page of its own for assistive technology: one main landmark, one heading.
  await expect(page.getByRole('main')).toHaveCount(1)
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1)
})

test('views=queue,queue draws the queue chart once', async ({ page }) => {
  await page.goto('./?embed=1&views=queue,queue,curve')
  await expect(page.getByTestId('probability-curve')).toBeVisible()
  await expect(page.getByTestId('queue-chart')).toHaveCount(1)
})
