// Issue 29 in Compare: a side running DualPI2 shows its marks and drops by queue and cause (the counters the
// engine declares for each queue), each side's per-flow table shows every flow's ECN codepoint and feedback,
// and the difference summary has a row for each drop and mark cause the sides' disciplines declare, with the
// engine's own counts (web/compare/causes.ts).
import AxeBuilder from '@axe-core/playwright'
import { test, expect } from '../fixtures'
import { catalogue } from '../catalogue'
import { TeachPage } from '../pages/TeachPage'

const charts = catalogue('en', 'charts')

const field = (x: unknown, key: string): unknown =>
  typeof x === 'object' && x !== null ? Object.getOwnPropertyDescriptor(x, key)?.value : undefined

test('DualPI2 sides: counts by queue and cause, codepoints per flow, causes in the summary', async ({ page }) => {
  test.setTimeout(240_000)
  const teach = new TeachPage(page)
  await teach.goto('?view=compare&preset=l4s-coupling-k&sides=0,1&runs=1')
  await expect(teach.side(0)).toHaveAttribute('data-ready', 'true')
  await expect(teach.side(1)).toHaveAttribute('data-ready', 'true')
  await teach.playCompareUntil(5, 90_000)
  await expect.poll(async () => new Set((await teach.compareSides()).map((s) => s.simTime)).size).toBe(1)

  // Marks and drops by queue and cause, live: both queues with the counters DualPI2 declares for them.
  const counts = page.getByTestId('queue-counts-0')
  await expect(counts).toBeVisible()
  // Its window: from 0 s to the side's clock.
  const clock = (await teach.compareSides())[0].simTime
  await expect(counts.locator('caption')).toHaveText(charts('results.queue_counts', { t: clock.toFixed(1) }))
  const l4s = counts.locator('tr[data-queue="l4s"]')
  const classic = counts.locator('tr[data-queue="classic"]')
  await expect(l4s).toHaveCount(4)
  await expect(classic).toHaveCount(3)
  await expect(counts.getByText(charts('subqueue.l4s'), { exact: true })).toBeVisible()
  await expect(counts.getByText(charts('subqueue.counts.l_step_marks'), { exact: true })).toBeVisible()
  const value = async (name: string) =>
    Number(await counts.locator(`tr[data-count="${name}"] td[data-value]`).getAttribute('data-value'))
  // Prague's packets were marked in the L4S queue (step or coupled) after 5 s of a 40 Mbit/s link.
  expect((await value('l_step_marks')) + (await value('l_coupled_marks'))).toBeGreaterThan(0)
  expect(await value('l_overload_drops')).toBeLessThanOrEqual(await value('l_drops'))
  expect(await value('c_overload_drops')).toBeLessThanOrEqual(await value('c_drops'))
  await expect(page.getByTestId('queue-counts-1')).toBeVisible()

  // The difference summary: one row per declared cause, each cell the engine's count for that cause.
  const summary = await teach.differenceComplete(150_000)
  const summaries = await teach.compareSummaries()
  for (const [metric, by, cause] of [
    ['drops_by_reason.overflow', 'drops_by_reason', 'overflow'],
    ['drops_by_reason.early', 'drops_by_reason', 'early'],
    ['drops_by_reason.target', 'drops_by_reason', 'target'],
    ['drops_by_reason.overload', 'drops_by_reason', 'overload'],
    ['marks_by_reason.early', 'marks_by_reason', 'early'],
    ['marks_by_reason.target', 'marks_by_reason', 'target'],
  ]) {
    const cells = summary.locator(`tr[data-metric="${metric}"] td[data-value]`)
    await expect(cells).toHaveCount(2)
    for (let k = 0; k < 2; k++) {
      const engine = Number(field(field(summaries[k], by), cause) ?? 0)
      expect(Number(await cells.nth(k).getAttribute('data-value')), `${metric} side ${k}`).toBe(engine)
    }
  }
  // DualPI2 declares no forced or selective drops: no rows for them.
  await expect(summary.locator('tr[data-metric="drops_by_reason.forced"]')).toHaveCount(0)
  await expect(
    summary.getByRole('rowheader', {
      name: teach.t('compare.marks_by', { reason: charts('reasons.target') }),
    }),
  ).toBeVisible()
  // Prague's packets were marked over the run (so the mark rows are there for a reason).
  expect(Number(field(summaries[0], 'marks')), JSON.stringify(field(summaries[0], 'marks_by_reason'))).toBeGreaterThan(
    0,
  )

  // Each side's per-flow table: Prague sends ECT(1) with accurate ECN, Cubic Not-ECT without feedback.
  const results = page.getByTestId('compare-results-0')
  await results.locator('summary').click()
  const table = page.getByTestId('per-flow-table-0')
  await expect(table.getByRole('columnheader', { name: charts('results.col.codepoint') })).toBeVisible()
  const cell = (flow: number, f: string) => table.locator(`tr[data-flow="${flow}"] td[data-field="${f}"]`)
  await expect(cell(0, 'codepoint')).toHaveAttribute('data-value', 'ect1')
  await expect(cell(0, 'codepoint')).toHaveText(charts('results.codepoint.ect1'))
  await expect(cell(0, 'feedback')).toHaveText(charts('results.feedback.accurate'))
  await expect(cell(1, 'codepoint')).toHaveText(charts('results.codepoint.not_ect'))
  await expect(cell(1, 'feedback')).toHaveAttribute('data-value', 'none')
  // The new tables pass axe (a row group per queue headed by its name).
  const axe = await new AxeBuilder({ page })
    .include('[data-testid="queue-counts-0"]')
    .include('[data-testid="per-flow-table-0"]')
    .include('[data-testid="difference-summary"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze()
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([])
  expect(teach.consoleErrors).toEqual([])
})
