// Issue 17, predict by sketch in a lesson: before a step plays, the student draws the queue they expect on
// its empty queue chart; Play locks it; after the run the score and the lesson's explanation show, and the
// address keeps the sketch under the step's id (and the step itself), so the teacher's copy of the link shows it.
import { test, expect } from '../fixtures'
import { readFileSync } from 'node:fs'
import { decodeLog } from '../../web/session/log'
import { catalogue } from '../catalogue'

test('a lesson step takes a sketch before Play and scores it after the run; the link keeps it', async ({
  page,
  browser,
  teach,
}) => {
  test.setTimeout(120_000)
  await teach.goto('?view=walkthrough&lesson=red-vs-droptail')
  await teach.walkNext.click()
  await expect(teach.walkStep).toHaveAttribute('data-step', 'droptail')

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

  // Issue 32: the session file for the teacher holds the answer against the run's, the sketch's score and the
  // step's run as an action log, and the class view reads it as a lesson.
  const score = Number(await page.getByTestId('sketch-score').getAttribute('data-score'))
  const [saved] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: teach.t('walk.session_file') }).click(),
  ])
  const text = readFileSync(await saved.path(), 'utf8')
  const file = JSON.parse(text) as { lesson: { c: object; o: object; k: object; g: unknown[] }; replay: string }
  expect(file.lesson).toMatchObject({ c: { droptail: 'full' }, o: { droptail: 'full' }, k: { droptail: score } })
  expect(file.lesson.g[0]).toBe(file.replay)
  expect(decodeLog(file.replay).actions.map((a) => a.kind)).toEqual(['play', 'pause'])
  const cls = catalogue('en', 'class')
  const viewer = await browser.newPage()
  await viewer.goto(new URL('./?view=class', page.url()).toString())
  await viewer.getByLabel(cls('pick')).setInputFiles(await saved.path())
  const answer = viewer.getByTestId('class-table').locator('tbody tr').first().getByRole('cell').nth(2)
  await expect(answer.getByRole('listitem').first()).toHaveAttribute('data-right', 'true')
  await viewer.close()

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
