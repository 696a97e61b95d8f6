// Issue 27 item 5 (the page): a scenario the seed does not change gives k identical runs. The difference
// summary says so ("these runs are identical: nothing in this scenario is random"), shows each value as the
// one number it is (no "± 0.000"), and calls no difference better, worse or "n.s." from zero-width intervals.
import { test, expect } from '../fixtures'

test('seed004-reno-vegas: identical runs are one number a side, with no interval and no verdict', async ({
  page,
  teach,
}) => {
  test.setTimeout(240_000)
  const { summary, reps } = await teach.compareRuns('?view=compare&preset=seed004-reno-vegas&runs=3', 200_000)
  // The engine's own runs are identical: the premise of the test, checked on the summaries themselves.
  for (const side of reps) expect(new Set(side.map((s) => JSON.stringify(s))).size).toBe(1)

  const note = page.getByTestId('identical-note')
  await expect(note).toHaveText(teach.t('replicate.identical_all', { runs: 3 }))
  await expect(note).toContainText('these runs are identical: nothing in this scenario is random', {
    ignoreCase: true,
  })
  const cells = summary.locator('tbody td[data-n]')
  expect(await cells.count()).toBeGreaterThan(0)
  for (const text of await cells.allTextContents()) expect(text).not.toContain('±')
  await expect(summary.locator('td.delta-better, td.delta-worse')).toHaveCount(0)
  await expect(summary.locator('abbr.ns')).toHaveCount(0)
  await expect(page.getByTestId('significance-note')).toHaveCount(0)
  // The preset's text says which runs its numbers are of.
  await expect(page.getByTestId('numbers-note')).toHaveText(teach.t('info.numbers_note', { runs: 5, last: 4 }))
  expect(teach.consoleErrors).toEqual([])
})

test('seed004-reno-vegas swept: the sweep says its identical runs are one value a point', async ({ page, teach }) => {
  test.setTimeout(240_000)
  await teach.goto('?view=sweep&preset=seed004-reno-vegas&param=link.buffer&values=20,50&runs=2')
  await teach.runSweep(200_000)
  const { results } = await teach.sweep()
  // The premise, on the engine's summaries: both seeds of every point gave the same summary.
  for (const r of results.filter((x) => x.rep === 1)) {
    const first = results.find((x) => x.side === r.side && x.x === r.x && x.rep === 0)
    expect(JSON.stringify(r.summary)).toBe(JSON.stringify(first?.summary))
  }
  await expect(page.getByTestId('identical-note')).toHaveText(teach.t('replicate.sweep_identical', { runs: 2 }))
  expect(teach.consoleErrors).toEqual([])
})
