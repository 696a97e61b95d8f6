// Issue 16 (page): replications with 95 % intervals, the RFC 7928 view, 2-D sweeps and Compare's tools.
// Every number checked here is recomputed from the engine's own summaries (the page's replications or
// the native CLI on the same scenario lines), with the t quantile from a printed table, not from the
// page's stats module.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { catalogue } from '../catalogue'
import { test, expect } from '../fixtures'

const crate = fileURLToPath(new URL('../../engine-wasm/', import.meta.url))
const cli = `${crate}target/release/aqm-cli`
const SHOTS = process.env.SHOTS_DIR

/** t(0.975, ν) from a printed table (NIST/SEMATECH e-Handbook 1.3.6.7.2). */
const T975: Record<number, number> = { 1: 12.706204736, 2: 4.30265273, 4: 2.776445105 }

function field(x: unknown, path: string): number {
  let node: unknown = x
  for (const k of path.split('.'))
    node = typeof node === 'object' && node !== null ? Object.getOwnPropertyDescriptor(node, k)?.value : undefined
  return typeof node === 'number' ? node : Number.NaN
}
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length
function halfWidth(xs: number[]): number {
  const m = mean(xs)
  const sd = Math.sqrt(xs.reduce((a, b) => a + (b - m) ** 2, 0) / (xs.length - 1))
  return (T975[xs.length - 1] * sd) / Math.sqrt(xs.length)
}

test.beforeAll(() => {
  test.setTimeout(600_000)
  execFileSync('cargo', ['build', '--release', '--quiet', '--bin', 'aqm-cli'], { cwd: crate, stdio: 'inherit' })
})

test('a 5-seed Compare of drop-tail vs RED shows intervals, the significance note, and one RFC 7928 ellipse per side at the runs’ mean', async ({
  page,
  teach,
}) => {
  test.setTimeout(240_000)
  // RFC 7928's unresponsive-traffic scenario, drop-tail (A) against RED (B): some metrics differ beyond
  // their intervals, and the min/max fairness does not (the engine is deterministic, so this is fixed).
  const { summary, reps } = await teach.compareRuns(
    '?view=compare&preset=rfc7928-unresponsive&sides=0,1&runs=5',
    200_000,
  )
  expect(reps.map((r) => r.length)).toEqual([5, 5])
  // The runs are seeds 1…5 (the preset's seed 1, then +1 each): five different runs per side.
  expect(new Set(reps[0].map((s) => field(s, 'mean_queue_pkts'))).size).toBe(5)

  for (const metric of ['mean_queue_pkts', 'delay_ms.mean', 'utilisation', 'jain']) {
    for (const k of [0, 1]) {
      const values = reps[k].map((s) => field(s, metric))
      const td = summary.locator(`tr[data-metric="${metric}"] td`).nth(k)
      expect(Number(await td.getAttribute('data-value'))).toBeCloseTo(mean(values), 12)
      expect(Number(await td.getAttribute('data-ci'))).toBeCloseTo(halfWidth(values), 8)
      await expect(td).toContainText('±')
    }
  }
  // Where the intervals overlap, the difference is marked and the note says so, in words.
  const overlapping = summary.locator('td[data-overlap="true"]')
  const separate = summary.locator('td[data-overlap="false"]')
  expect((await overlapping.count()) + (await separate.count())).toBeGreaterThan(0)
  // RED's mean queue is far below drop-tail's, beyond both intervals.
  await expect(summary.locator('tr[data-metric="mean_queue_pkts"] td[data-overlap]')).toHaveAttribute(
    'data-overlap',
    'false',
  )
  const overlapMetrics = await summary
    .locator('tr:has(td[data-overlap="true"])')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-metric')))
  for (const m of overlapMetrics) {
    const a = reps[0].map((s) => field(s, m ?? ''))
    const b = reps[1].map((s) => field(s, m ?? ''))
    expect(Math.abs(mean(a) - mean(b))).toBeLessThanOrEqual(halfWidth(a) + halfWidth(b) + 1e-12)
  }
  expect(overlapMetrics).toContain('min_max_fairness_pct')
  const note = page.getByTestId('significance-note')
  await expect(note).toContainText('no significant difference at this number of runs (5)')
  await expect(note).toContainText(teach.t('metric.min_max'))

  // RFC 7928 plot: one ellipse per side, centred on the mean delay and goodput of its runs.
  const ellipses = page.getByTestId('rfc7928-ellipse')
  await expect(ellipses).toHaveCount(2)
  for (const k of [0, 1]) {
    const e = ellipses.nth(k)
    expect(Number(await e.getAttribute('data-cx'))).toBeCloseTo(mean(reps[k].map((s) => field(s, 'delay_ms.mean'))), 12)
    expect(Number(await e.getAttribute('data-cy'))).toBeCloseTo(
      mean(reps[k].map((s) => field(s, 'total_goodput_payload_mbps'))),
      12,
    )
    await expect(e).toHaveAttribute('data-n', '5')
    await expect(e.locator('path').first()).toHaveAttribute('d', /^M.+Z$/)
  }
  // Box plots: the median delay of each side's five runs.
  const boxes = page.getByTestId('box-plot-delay').locator('g.box')
  await expect(boxes).toHaveCount(2)
  for (const k of [0, 1]) {
    const sorted = reps[k].map((s) => field(s, 'delay_ms.mean')).sort((a, b) => a - b)
    expect(Number(await boxes.nth(k).getAttribute('data-median'))).toBe(sorted[2])
  }

  // Exports: the table as CSV and the whole comparison as one JSON.
  let download = page.waitForEvent('download')
  await page.getByRole('button', { name: teach.t('replicate.export_table') }).click()
  const csv = readFileSync(await (await download).path(), 'utf8')
    .trimEnd()
    .split('\n')
  const queueRow = csv.find((l) => l.startsWith('mean_queue_pkts,'))!.split(',')
  expect(Number(queueRow[1])).toBeCloseTo(mean(reps[0].map((s) => field(s, 'mean_queue_pkts'))), 12)
  expect(queueRow[3]).toBe('5')
  download = page.waitForEvent('download')
  await page.getByRole('button', { name: teach.t('replicate.export_json') }).click()
  const json = JSON.parse(readFileSync(await (await download).path(), 'utf8'))
  expect(json.sides).toHaveLength(2)
  expect(json.sides[0].seeds).toEqual([1, 2, 3, 4, 5])
  expect(json.sides[1].summaries).toEqual(reps[1])
  if (SHOTS) {
    await summary.screenshot({ path: `${SHOTS}/compare-difference-5-seeds.png` })
    await page.getByTestId('rfc7928-view').screenshot({ path: `${SHOTS}/compare-rfc7928.png` })
  }
  expect(teach.consoleErrors).toEqual([])
})

test('Compare has the lab’s time window, the full chart set per side, and removes a side', async ({ page, teach }) => {
  test.setTimeout(120_000)
  await teach.goto('?view=compare&preset=rfc7928-rtt-fairness&runs=1')
  await expect(teach.side(3)).toHaveAttribute('data-ready', 'true', { timeout: 30_000 })
  // Runs per side: a bad number is named and changes nothing; a good one reruns and goes into the link.
  const summary = await teach.differenceComplete(60_000)
  const runsField = page.getByLabel(teach.t('replicate.runs_side'))
  await runsField.fill('31')
  await expect(summary.getByRole('alert')).toHaveText(teach.t('replicate.runs_bad', { text: '31' }))
  await expect(summary.getByRole('button', { name: teach.t('replicate.rerun') })).toBeDisabled()
  await expect(summary).toHaveAttribute('data-runs', '1')
  await runsField.fill('2')
  await summary.getByRole('button', { name: teach.t('replicate.rerun') }).click()
  await expect(summary).toHaveAttribute('data-runs', '2')
  await expect(page).toHaveURL(/runs=2/)
  await expect(summary).toHaveAttribute('data-complete', 'true', { timeout: 60_000 })
  expect((await teach.compareReplications()).map((r) => r.length)).toEqual([2, 2, 2, 2])
  // Time window: pick 5 s.
  const charts = catalogue('en', 'charts')
  const toolbar = page.getByRole('toolbar', { name: charts('time.toolbar') })
  await expect(toolbar).toHaveCount(1)
  const five = toolbar.getByRole('button', { name: charts('time.seconds', { n: 5 }), exact: true })
  await five.click()
  await expect(five).toHaveAttribute('aria-pressed', 'true')
  // Pan back through the history after a few seconds of play: the window leaves "live".
  await teach.playCompareUntil(8, 60_000)
  const live = toolbar.getByRole('button', { name: charts('time.live') })
  await expect(live).toHaveAttribute('aria-pressed', 'true')
  await toolbar.getByRole('button', { name: charts('time.back') }).click()
  await expect(live).toHaveAttribute('aria-pressed', 'false')
  // More charts, folded by default, drawn when opened.
  const more = teach.side(0).getByTestId('compare-more-charts')
  await expect(more.locator('canvas')).toHaveCount(0)
  await more.locator('summary').click()
  await expect(more.locator('canvas').first()).toBeVisible()
  if (SHOTS) await teach.side(0).screenshot({ path: `${SHOTS}/compare-side-more-charts.png` })
  // Remove side C (CoDel): three sides stay, the others keep their order.
  const before = (await teach.compareSides()).map((s) => s.kind)
  expect(before).toEqual(['droptail', 'red', 'codel', 'fq_codel'])
  await teach
    .side(2)
    .getByRole('button', { name: /Remove side C/ })
    .click()
  await expect(page).toHaveURL(/sides=0%2C1%2C3|sides=0,1,3/)
  // The removal keeps the chosen number of runs.
  await expect(page).toHaveURL(/runs=2/)
  await expect(teach.side(2)).toHaveAttribute('data-ready', 'true', { timeout: 30_000 })
  await expect(teach.side(3)).toHaveCount(0)
  expect((await teach.compareSides()).map((s) => s.kind)).toEqual(['droptail', 'red', 'fq_codel'])
  expect(teach.consoleErrors).toEqual([])
})

test('a 2-D sweep draws a heatmap whose cells are the means of exactly what aqm-cli sweep prints', async ({
  page,
  teach,
}) => {
  test.setTimeout(240_000)
  const q = new URLSearchParams({
    view: 'sweep',
    preset: 'red-vs-droptail',
    param: 'link.buffer',
    values: '60,90,120',
    param2: 'flows[0].count',
    values2: '2,8',
    metric: 'mean_queue_pkts',
    sides: '0,1',
    runs: '2',
  })
  await teach.goto(`?${q.toString()}`)
  // Bad input: a clear message, the Run button held, and the typed text kept.
  const runsField = page.getByLabel(teach.t('replicate.runs'))
  await runsField.fill('0')
  await expect(page.getByRole('alert').filter({ hasText: teach.t('replicate.runs_bad', { text: '0' }) })).toBeVisible()
  await expect(page.getByRole('button', { name: teach.t('sweep.run') })).toBeDisabled()
  await expect(runsField).toHaveValue('0')
  await runsField.fill('2')
  const values2 = page.getByLabel(teach.t('replicate.values2'))
  await values2.fill('2, eight')
  await expect(page.getByRole('alert').filter({ hasText: teach.t('sweep.values_bad', { bad: 'eight' }) })).toBeVisible()
  await expect(page.getByRole('button', { name: teach.t('sweep.run') })).toBeDisabled()
  await values2.fill('2,8')
  await teach.runSweep(200_000)
  const s = await teach.sweep()
  // 3 buffers × 2 flow counts × 2 sides × 2 seeds.
  expect(s.scenarios).toHaveLength(24)
  const out = execFileSync(cli, ['sweep'], { input: s.scenarios.join('\n') + '\n', encoding: 'utf8' })
  const native = out
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line))
  expect(s.results.map((r) => r.summary)).toEqual(native)

  const maps = page.getByTestId('sweep-heatmap')
  await expect(maps).toHaveCount(2)
  for (const side of [0, 1]) {
    const cells = maps.nth(side).locator('g.heat-cell')
    await expect(cells).toHaveCount(6)
    for (const x of [60, 90, 120]) {
      for (const y of [2, 8]) {
        const runs = s.results.flatMap((r, i) => (r.side === side && r.x === x && r.y === y ? [native[i]] : []))
        expect(runs).toHaveLength(2)
        const cell = maps.nth(side).locator(`g.heat-cell[data-x="${x}"][data-y="${y}"]`)
        expect(Number(await cell.getAttribute('data-value'))).toBeCloseTo(
          mean(runs.map((n) => field(n, 'mean_queue_pkts'))),
          12,
        )
        expect(Number(await cell.getAttribute('data-ci'))).toBeCloseTo(
          halfWidth(runs.map((n) => field(n, 'mean_queue_pkts'))),
          8,
        )
      }
    }
  }
  // CSV: one row per cell with both coordinates, the mean and the half-width.
  const csv = await teach.sweepCsv()
  expect(csv).toHaveLength(13)
  const head = csv[0].split(',')
  expect(head.slice(0, 4)).toEqual(['side', 'link.buffer', 'flows[0].count', 'runs'])
  const col = head.indexOf('mean_queue_pkts')
  const first = s.results.flatMap((r, i) => (r.x === 60 && r.y === 2 && r.side === 0 ? [native[i]] : []))
  expect(Number(csv[1].split(',')[col])).toBeCloseTo(mean(first.map((n) => field(n, 'mean_queue_pkts'))), 12)
  if (SHOTS) await page.getByTestId('sweep-heatmaps').screenshot({ path: `${SHOTS}/sweep-heatmap.png` })
  expect(teach.consoleErrors).toEqual([])
})

test('a 5-seed × 8-point sweep plots each point’s mean with its interval, equal to the CLI’s runs', async ({
  page,
  teach,
}) => {
  test.setTimeout(300_000)
  // RED's fairness against the number of flows (red-vs-droptail's own sweep, side B), 8 values × 5 seeds.
  const values = [2, 4, 6, 8, 12, 16, 24, 32]
  const q = new URLSearchParams({
    view: 'sweep',
    preset: 'red-vs-droptail',
    param: 'flows[0].count',
    values: values.join(','),
    metric: 'min_max_fairness_pct',
    sides: '1',
    runs: '5',
  })
  await teach.goto(`?${q.toString()}`)
  const started = Date.now()
  await teach.runSweep(280_000)
  // Reported, not asserted (no timed assertions): the wall time of 40 runs on this machine's workers.
  const s = await teach.sweep()
  console.log(
    `5-seed × 8-point sweep: ${Date.now() - started} ms wall on ${s.poolSize} workers (page: ${await page.getByTestId('sweep-rate').textContent()})`,
  )
  expect(s.scenarios).toHaveLength(40)
  const native = execFileSync(cli, ['sweep'], { input: s.scenarios.join('\n') + '\n', encoding: 'utf8' })
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line))
  expect(s.results.map((r) => r.summary)).toEqual(native)
  const points = page.getByTestId('sweep-chart').locator('circle.sweep-point')
  await expect(points).toHaveCount(8)
  for (let p = 0; p < 8; p++) {
    const runs = native.slice(p * 5, p * 5 + 5).map((n) => field(n, 'min_max_fairness_pct'))
    expect(Number(await points.nth(p).getAttribute('data-y'))).toBeCloseTo(mean(runs), 12)
    const ci = await points.nth(p).getAttribute('data-ci')
    if (new Set(runs).size > 1) expect(Number(ci)).toBeCloseTo(halfWidth(runs), 8)
  }
  expect(await page.getByTestId('sweep-chart').locator('path.sweep-errorbar').count()).toBeGreaterThan(0)

  // `aqm-cli sweep --seeds 5` on the exported lines (one a point) replicates them with the same seeds and
  // must print the same means; its half-widths use t from a 6-decimal table, so they agree to ~1e-7.
  const exported = page.waitForEvent('download')
  await page.getByRole('button', { name: teach.t('sweep.export_jsonl') }).click()
  const lines = readFileSync(await (await exported).path(), 'utf8')
  expect(lines.trimEnd().split('\n')).toEqual(s.scenarios.filter((_, i) => i % 5 === 0))
  let seeded: string | null = null
  try {
    seeded = execFileSync(cli, ['sweep', '--seeds', '5'], {
      input: lines,
      encoding: 'utf8',
      stdio: ['pipe', 'pipe', 'ignore'],
    })
  } catch {
    test.info().annotations.push({
      type: 'note',
      description: 'this aqm-cli has no `sweep --seeds` yet: CLI replication parity not checked',
    })
  }
  if (seeded !== null) {
    const rows = seeded
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l))
    expect(rows).toHaveLength(8)
    for (let p = 0; p < 8; p++) {
      expect(rows[p].seeds).toEqual([4, 5, 6, 7, 8])
      expect(Number(await points.nth(p).getAttribute('data-y'))).toBe(rows[p].mean.min_max_fairness_pct)
      const ci = Number(await points.nth(p).getAttribute('data-ci'))
      expect(Math.abs(ci - rows[p].ci95.min_max_fairness_pct)).toBeLessThanOrEqual(1e-6 * Math.max(1, ci))
    }
  }
  await expect(page.getByTestId('rfc7928-ellipse')).toHaveCount(8)
  if (SHOTS) {
    await page.getByTestId('sweep-chart').screenshot({ path: `${SHOTS}/sweep-error-bars.png` })
    await page.getByTestId('rfc7928-view').screenshot({ path: `${SHOTS}/sweep-rfc7928.png` })
  }
  expect(teach.consoleErrors).toEqual([])
})
