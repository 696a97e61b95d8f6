// The guided RED-versus-drop-tail lesson: a step asks for a prediction before it can be played, points
// at the chart where the effect appears, and compares the prediction with the run.
import { test, expect } from '../fixtures'

test('predict before play: the lesson locks play until a prediction, then points at the queue and checks it', async ({
  page,
  teach,
}) => {
  test.setTimeout(90_000)
  await teach.goto('?view=walkthrough&lesson=red-vs-droptail')
  const step = teach.walkStep
  await expect(step).toHaveAttribute('data-step', 'intro')
  await teach.walkNext.click()
  await expect(step).toHaveAttribute('data-step', 'droptail')

  const play = page.getByRole('button', { name: teach.t('walk.play', { seconds: 30 }) })
  await expect(play).toBeDisabled()
  await expect(teach.walkNext).toBeDisabled()
  await page.getByLabel(teach.t('lesson.red-vs-droptail.droptail.choices.full')).check()
  await expect(play).toBeEnabled()
  await play.click()

  // The step points at the queue chart while it runs.
  await expect(page.getByTestId('walk-queue')).toHaveClass(/walk-highlight/)
  await expect(page.getByTestId('walk-look')).toHaveText(teach.t('walk.look_queue'))
  const reveal = page.getByTestId('walk-reveal')
  await expect(reveal).toBeVisible({ timeout: 60_000 })
  await expect(reveal).toContainText(teach.t('walk.right'))
  await expect(teach.walkNext).toBeEnabled()
  expect(teach.consoleErrors).toEqual([])
})
