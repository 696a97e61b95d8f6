// Issue 17, predict by sketch: the student draws the queue they expect on the empty queue chart with real
// mouse gestures, locks it, runs, and gets a score; the shared link carries the sketch, and whoever opens it
// (a teacher) sees the same prediction on the chart.
import AxeBuilder from '@axe-core/playwright'
import { test, expect } from '../fixtures'

test('a sketch drawn with the mouse is locked, scored after the run, and survives a shared link', async ({
  page,
  app,
  browser,
  share,
  sim,
  teach,
}) => {
  test.setTimeout(90_000)
  await page.getByTestId('first-visit-dismiss').click()
  await page.getByRole('button', { name: teach.t('sketch.predict') }).click()
  await expect(page.getByTestId('sketch-bar')).toHaveAttribute('data-editing', 'true')
  expect(await sim.simTime()).toBe(0)

  // Drag across the plot from low on the left to high on the right, as a person draws a rising queue.
  const surface = app.queueChart.getByTestId('sketch-surface')
  const box = await surface.boundingBox()
  if (box === null) throw new Error('no drawing surface')
  const at = (fx: number, fy: number) => ({ x: box.x + fx * box.width, y: box.y + fy * box.height })
  const start = at(0.02, 0.9)
  await page.mouse.move(start.x, start.y)
  await page.mouse.down()
  for (let k = 1; k <= 20; k++) {
    const p = at(0.02 + (0.45 * k) / 20, 0.9 - (0.5 * k) / 20)
    await page.mouse.move(p.x, p.y)
  }
  await page.mouse.up()
  const drawn = Number(await page.getByTestId('sketch-bar').getAttribute('data-points'))
  expect(drawn).toBeGreaterThanOrEqual(5)
  await page.getByTestId('sketch-lock').click()
  await expect(page.getByTestId('sketch-bar')).toHaveAttribute('data-editing', 'false')
  await expect(page).toHaveURL(/[?&]sketch=/)

  // Run past the sketch's end: a score from 0 to 100 appears.
  await page.getByLabel(app.t('transport.speed')).selectOption({ index: 3 })
  await app.playButton.click()
  const score = page.getByTestId('sketch-score')
  await expect(score).toBeVisible({ timeout: 60_000 })
  const value = Number(await score.getAttribute('data-score'))
  expect(value).toBeGreaterThanOrEqual(0)
  expect(value).toBeLessThanOrEqual(100)
  await app.pauseButton.click()

  // Share: the dialog's link carries the sketch; a fresh page opened on it shows the same points.
  await share.openDialog()
  const link = await share.linkField.inputValue()
  expect(link).toContain('sketch=')
  const sketchParam = new URL(link).searchParams.get('sketch')
  const context = await browser.newContext()
  const teacher = await context.newPage()
  await teacher.goto(link)
  await expect(teacher.getByTestId('sketch-bar')).toHaveAttribute('data-points', String(drawn))
  await expect(teacher.getByTestId('sketch-layer')).toHaveAttribute('data-points', String(drawn))
  expect(new URL(teacher.url()).searchParams.get('sketch')).toBe(sketchParam)
  await context.close()
})

test('the keyboard draws a sketch too', async ({ page, app, teach }) => {
  expect(app.page).toBe(page)
  await page.getByRole('button', { name: teach.t('sketch.predict') }).click()
  const surface = page.getByRole('group', { name: teach.t('sketch.surface', { count: 0 }) })
  await surface.focus()
  await page.keyboard.press('Enter')
  for (let k = 0; k < 5; k++) await page.keyboard.press('ArrowRight')
  await page.keyboard.press('ArrowUp')
  await page.keyboard.press('Enter')
  await page.keyboard.press('ArrowRight')
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('sketch-bar')).toHaveAttribute('data-points', '3')
  await page.keyboard.press('Backspace')
  await expect(page.getByTestId('sketch-bar')).toHaveAttribute('data-points', '2')
  // The drawing surface and its controls pass axe as the rest of the lab does (e2e/tests/a11y-axe.spec.ts).
  const axe = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze()
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([])
  await page.getByTestId('sketch-lock').click()
  await expect(page).toHaveURL(/[?&]sketch=0%3A/)
})
