// Issue 16: the per-flow results table and the queueing-delay CDF show the engine's numbers. In the lab,
// in Compare (a table per side, one CDF line per side) and in an embed: the table's goodputs add up to
// the summary's total goodput within 0.1 %, and the CDF's p95 is the summary's p95, inside the histogram
// bin that holds the 95th percentile of the delays drawn.
import type { Locator, Page } from '@playwright/test'
import { catalogue } from '../catalogue'
import { test, expect } from '../fixtures'
import { labApi } from '../pages/SharePage'

const charts = catalogue('en', 'charts')

interface Histogram {
  edges_ms: number[]
  counts: number[]
}

/** The bin [lo, hi) of the ⌈q·n⌉-th smallest delay, computed here from the engine's histogram. */
function quantileBin(h: Histogram, q: number): [number, number] {
  const n = h.counts.reduce((a, b) => a + b, 0)
  const target = Math.max(1, Math.ceil(q * n))
  let seen = 0
  for (let k = 0; k < h.counts.length; k++) {
    seen += h.counts[k]
    if (seen >= target) return [h.edges_ms[k], h.edges_ms[k + 1]]
  }
  throw new Error('empty histogram')
}

async function goodputs(table: Locator): Promise<number[]> {
  const cells = table.locator('tbody td[data-field="goodput_payload_mbps"]')
  return (await cells.evaluateAll((tds) => tds.map((td) => td.getAttribute('data-value') ?? ''))).map(Number)
}

const num = (x: unknown, ...path: string[]): number => {
  let v = x
  for (const k of path)
    v = typeof v === 'object' && v !== null ? (Object.getOwnPropertyDescriptor(v, k)?.value as unknown) : undefined
  return typeof v === 'number' ? v : Number.NaN
}

async function expectCdfMatches(page: Page, testId: string, i: number, summary: unknown) {
  const p95 = num(summary, 'delay_ms', 'p95')
  expect(p95).toBeGreaterThan(0)
  await expect(page.getByTestId(`${testId}-${i}-p95`)).toHaveAttribute('data-value', String(p95))
  await expect(page.getByTestId(`${testId}-mark-${i}-p95`)).toHaveCount(1)
  const h = (summary as { delay_histogram: Histogram }).delay_histogram
  const [lo, hi] = quantileBin(h, 0.95)
  // The summary's p95 comes from 0.1 ms bins (their middle): within 0.05 ms of the order statistic.
  expect(p95).toBeGreaterThanOrEqual(lo - 0.05)
  expect(p95).toBeLessThanOrEqual(hi + 0.05)
}

test('lab: the per-flow goodputs add up to the total, sort from the keyboard, and the CDF marks the summary p95', async ({
  page,
  openLab,
}) => {
  // An 8 s run that pauses itself at its end, so the last summary is final.
  const { app, sim } = await openLab('./?v=1&aqm=red&flows=6&duration=8&warmup=2&speed=8')
  await app.playButton.click()
  await expect.poll(() => sim.simTime(), { timeout: 30_000 }).toBeGreaterThanOrEqual(8)
  await expect.poll(() => sim.playing()).toBe(false)

  await page.getByRole('button', { name: charts('results.open'), exact: true }).click()
  await expect(page.getByRole('dialog', { name: charts('results.section') })).toBeVisible()
  const table = page.getByRole('table', { name: charts('results.table_title') })
  await expect(table).toBeVisible()
  await expect(table.locator('tbody tr')).toHaveCount(6)
  // The summary sent after the pause is the one the table shows.
  await expect
    .poll(async () => {
      const s = await page.evaluate(() => window.__aqm?.summary() ?? null)
      const sum = (await goodputs(table)).reduce((a, b) => a + b, 0)
      const total = s?.total_goodput_payload_mbps ?? Number.NaN
      return total > 0 && Math.abs(sum - total) <= 0.001 * total
    })
    .toBe(true)

  // Keyboard: focus the goodput header's button, Enter sorts by goodput, highest first.
  const header = table.getByRole('columnheader', { name: charts('results.col.goodput_payload_mbps') })
  await header.getByRole('button').focus()
  await page.keyboard.press('Enter')
  await expect(header).toHaveAttribute('aria-sort', 'descending')
  const sorted = await goodputs(table)
  expect(sorted).toEqual([...sorted].sort((a, b) => b - a))
  await page.keyboard.press('Space')
  await expect(header).toHaveAttribute('aria-sort', 'ascending')

  const summary = await page.evaluate(() => window.__aqm?.summary() ?? null)
  await expectCdfMatches(page, 'delay-cdf', 0, summary)
  expect(app.consoleErrors).toEqual([])
})

test('compare: each side has its per-flow table and the CDF has one line per side with its p95', async ({
  page,
  teach,
}) => {
  test.setTimeout(120_000)
  await teach.goto('?view=compare&preset=red-vs-droptail')
  await expect(teach.differenceSummary).toHaveAttribute('data-complete', 'true', { timeout: 100_000 })
  const summaries = await teach.compareSummaries()
  expect(summaries.length).toBe(2)
  for (const k of [0, 1]) {
    await teach.side(k).getByText(charts('results.compare_section'), { exact: true }).click()
    const table = page.getByTestId(`per-flow-table-${k}`)
    await expect(table).toBeVisible()
    const total = num(summaries[k], 'total_goodput_payload_mbps')
    const sum = (await goodputs(table)).reduce((a, b) => a + b, 0)
    expect(Math.abs(sum - total)).toBeLessThanOrEqual(0.001 * total)
    await expectCdfMatches(page, 'compare-cdf', k, summaries[k])
  }
  await expect(page.getByTestId('compare-cdf').locator('svg path.cdf-line')).toHaveCount(2)
  expect(teach.consoleErrors).toEqual([])
})

test('embed: views=flows,cdf shows the table and the CDF alone', async ({ page }) => {
  const lab = labApi(page)
  await page.goto('./?v=1&aqm=codel&flows=3&warmup=1&embed=1&views=flows,cdf&autoplay=1&speed=8')
  await expect.poll(() => lab.ready()).toBe(true)
  const table = page.getByRole('table', { name: charts('results.table_title') })
  await expect(table.locator('tbody tr')).toHaveCount(3, { timeout: 30_000 })
  await expect(page.getByTestId('delay-cdf')).toBeVisible()
  await expect(page.getByTestId('queue-chart')).toHaveCount(0)
})
