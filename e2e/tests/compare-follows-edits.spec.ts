// Issue 27 item 3: after a threshold is moved on one side of a comparison, that side's title, its
// replicated summary (also after "Run again"), the address, the link field and the embed code carry the
// new setting, and a reload keeps it.
import { test, expect } from '../fixtures'
import { catalogue } from '../catalogue'

const charts = catalogue('en', 'charts')

test('compare: an edited RED threshold reaches the title, the summary, the link, the embed code and a reload', async ({
  page,
  teach,
}) => {
  test.setTimeout(240_000)
  await teach.goto('?view=compare&preset=red-vs-droptail&runs=2')
  const red = teach.side(1)
  await expect(red).toHaveAttribute('data-ready', 'true')
  const minTh = red.getByRole('slider', { name: charts('handle.label', { label: 'min threshold' }), exact: true })
  await expect(minTh).toHaveAttribute('aria-valuenow', '15')
  await minTh.focus()
  for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowUp')
  await expect(minTh).toHaveAttribute('aria-valuenow', '20')

  // The side's title names the setting it runs now, not the preset's 15/45.
  const title = red.getByRole('heading', { level: 2 })
  await expect(title).toContainText('min_th 20')
  await expect(title).not.toContainText('15/45')
  // The summary's column and its runs are of the edited side.
  const summary = teach.differenceSummary
  await expect(summary.locator('thead')).toContainText('min_th 20')
  await expect
    .poll(async () =>
      page.evaluate(() => {
        const s = window.__aqmCompare?.summarySides()[1]?.scenario as { aqm?: { min_th?: number } } | undefined
        return s?.aqm?.min_th
      }),
    )
    .toBe(20)
  await expect(summary).toHaveAttribute('data-complete', 'true', { timeout: 120_000 })
  const reps = await teach.compareReplications()
  expect(reps[1].every((r) => r !== null)).toBe(true)

  // The address, the link field and the embed code carry the edit.
  await expect.poll(() => new URL(page.url()).searchParams.get('edit')).toBe('B.min_th:20')
  const link = page.getByLabel(teach.t('compare.link'))
  await expect(link).toHaveValue(/edit=B\.min_th%3A20/)
  await expect(page.getByLabel(teach.t('compare.embed'))).toHaveValue(/edit=B\.min_th%3A20/)

  // Run again with 3 runs: still the edited side.
  const runsField = summary.getByLabel(teach.t('replicate.runs_side'))
  await runsField.fill('3')
  await summary.getByRole('button', { name: teach.t('replicate.rerun') }).click()
  await expect(summary).toHaveAttribute('data-runs', '3')
  await expect(summary).toHaveAttribute('data-complete', 'true', { timeout: 120_000 })
  const sides = await page.evaluate(() => window.__aqmCompare?.summarySides() ?? [])
  expect((sides[1].scenario as { aqm: { min_th: number } }).aqm.min_th).toBe(20)
  expect((await teach.compareReplications())[1]).toHaveLength(3)
  await expect.poll(() => new URL(page.url()).searchParams.get('edit')).toBe('B.min_th:20')
  expect(new URL(page.url()).searchParams.get('runs')).toBe('3')

  // A reload keeps the edit: the handle, the title and the side's running scenario.
  await page.reload()
  const again = teach.side(1)
  await expect(again).toHaveAttribute('data-ready', 'true')
  await expect(
    again.getByRole('slider', { name: charts('handle.label', { label: 'min threshold' }), exact: true }),
  ).toHaveAttribute('aria-valuenow', '20')
  await expect(again.getByRole('heading', { level: 2 })).toContainText('min_th 20')
  const running = await teach.compareSides()
  expect((running[1].scenario as { aqm: { min_th: number } }).aqm.min_th).toBe(20)
  expect(teach.consoleErrors).toEqual([])
})

test('compare: a side whose algorithm adapts its own parameters while playing (ARED) is not taken as edited', async ({
  page,
  teach,
}) => {
  test.setTimeout(120_000)
  await teach.goto('?view=compare&preset=seed000-red-ared-qvared&runs=1')
  for (let k = 0; k < 3; k++) await expect(teach.side(k)).toHaveAttribute('data-ready', 'true')
  await page.getByRole('button', { name: teach.app('transport.play'), exact: true }).click()
  await expect
    .poll(async () => Math.min(...(await teach.compareSides()).map((s) => s.simTime)), { timeout: 60_000 })
    .toBeGreaterThan(15)
  await page.getByRole('button', { name: teach.app('transport.pause'), exact: true }).click()
  for (let k = 0; k < 3; k++)
    await expect(teach.side(k).getByRole('heading', { level: 2 })).not.toContainText(
      teach.t('compare.edited_label', { algorithm: '', settings: '' }).replace(/^, /, '').replace(/: $/, ''),
    )
  expect(new URL(page.url()).searchParams.get('edit')).toBeNull()
  expect(teach.consoleErrors).toEqual([])
})
