// Issue 27 (walk E25): a lesson's table gives the queue in the unit its link declares, the unit its text
// uses. Seed 003's link counts its buffer in bytes and the lesson speaks of KB (HRED's queue averaged 188 KB,
// standard deviation 46 KB); its table gave packets (376.2, 92.3). The caption names every side, not "both".
import { test, expect } from '../fixtures'

test('seed 003 lesson: the closing table gives the queue in KB, as the text does', async ({ page, teach }) => {
  test.setTimeout(240_000)
  // Resumed at the last step with both predictions made (the lesson's progress is in its link).
  await teach.goto('?view=walkthrough&lesson=seed003-hred-load-step&step=4&picked=hred:between,pi:pi')
  await expect(teach.walkStep).toHaveAttribute('data-step', 'done')
  const table = page.getByTestId('walk-summary').locator('table')
  await expect(table).toBeVisible()
  await expect(table).not.toContainText('…', { timeout: 200_000 })
  await expect(table.locator('caption')).toHaveText(teach.t('walk.summary_caption'))
  const rows = table.locator('tbody tr')
  const mean = rows.filter({ has: page.getByRole('rowheader', { name: teach.t('metric.mean_queue_kb') }) })
  const std = rows.filter({ has: page.getByRole('rowheader', { name: teach.t('metric.std_queue_kb') }) })
  await expect(mean).toHaveCount(1)
  await expect(std).toHaveCount(1)
  await expect(table).not.toContainText(teach.t('metric.mean_queue'))
  // HRED's side (the first column): the text's 188 KB and 46 KB, to the KB.
  const hredMean = Number(await mean.locator('td').first().textContent())
  const hredStd = Number(await std.locator('td').first().textContent())
  expect(Math.round(hredMean)).toBe(188)
  expect(Math.round(hredStd)).toBe(46)
  expect(teach.consoleErrors).toEqual([])
})
