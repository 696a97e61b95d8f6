// Issue 17, predict by sketch in a lesson: before a step plays, the student draws the queue they expect on
// its empty queue chart; Play locks it; after the run the score and the lesson's explanation show, and the
// address keeps the sketch under the step's id (and the step itself), so the teacher's copy of the link shows it.
import { test, expect } from '../fixtures'
import { TeachPage } from '../pages/TeachPage'

test('a lesson step takes a sketch before Play and scores it after the run; the link keeps it', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000)
  const teach = new TeachPage(page)
  await teach.goto('?view=walkthrough&lesson=red-vs-droptail')
  await page.getByRole('button', { name: teach.t('walk.next') }).click()
  await expect(page.getByTestId('walk-step')).toHaveAttribute('data-step', 'droptail')

  await page.getByRole('button', { name: teach.t('sketch.predict') }).click()
  const surface = page.getByTestId('walk-queue').getByTestId('sketch-surface')
  const box = await surface.boundingBox()
  if (box === null) throw new Error('no drawing surface')
  await page.mouse.move(box.x + 5, box.y + box.height * 0.8)
  await page.mouse.down()
  for (let k = 1; k <= 12; k++)
    await page.mouse.move(box.x + 5 + (box.width * 0.9 * k) / 12, box.y + box.height * (0.8 - 0.05 * k))
  await page.mouse.up()
  const bar = page.getByTestId('walk-queue').getByTestId('sketch-bar')
  const drawn = Number(await bar.getAttribute('data-points'))
  expect(drawn).toBeGreaterThanOrEqual(5)

  await page.getByLabel(teach.t('lesson.red-vs-droptail.droptail.choices.full')).check()
  await page.getByRole('button', { name: teach.t('walk.play', { seconds: 30 }) }).click()
  await expect(bar).toHaveAttribute('data-editing', 'false')
  await expect(page.getByTestId('walk-reveal')).toBeVisible({ timeout: 90_000 })
  await expect(page.getByTestId('sketch-score')).toBeVisible({ timeout: 30_000 })
  await expect(page).toHaveURL(/[?&]sketch=droptail(!|%21)/)

  const context = await browser.newContext()
  const teacher = await context.newPage()
  await teacher.goto(page.url())
  // The link holds the student's step too (issue 27): the teacher's copy opens at it.
  await expect(teacher.getByTestId('walk-step')).toHaveAttribute('data-step', 'droptail')
  await expect(teacher.getByTestId('walk-queue').getByTestId('sketch-layer')).toHaveAttribute(
    'data-points',
    String(drawn),
  )
  await context.close()
})
