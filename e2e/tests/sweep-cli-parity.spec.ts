// Sweeps: an 8-point grid runs across the pool of workers with visible progress, and every plotted
// value equals what the native CLI (`aqm-cli sweep`) prints for the same scenario lines.
import { execFileSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { test, expect } from '../fixtures'

const crate = fileURLToPath(new URL('../../engine-wasm/', import.meta.url))
const cli = `${crate}target/release/aqm-cli`

test.beforeAll(() => {
  test.setTimeout(600_000)
  // No-op when up to date; the page's wasm and this binary are built from the same sources.
  execFileSync('cargo', ['build', '--release', '--quiet', '--bin', 'aqm-cli'], { cwd: crate, stdio: 'inherit' })
})

const VALUES = [1, 2, 4, 5, 8, 10, 20, 30]
const SEARCH = `?view=sweep&preset=seed004-reno-vegas&param=${encodeURIComponent('flows[*].rwnd')}&values=${VALUES.join(',')}&metric=min_max_fairness_pct&sides=0&runs=1`

test('an 8-point sweep runs across workers with progress, and plots exactly the CLI’s numbers', async ({
  page,
  teach,
}) => {
  test.setTimeout(120_000)
  await teach.goto(SEARCH)
  await teach.runSweep(90_000)
  await expect(page.getByRole('progressbar', { name: teach.t('sweep.progress_label') })).toHaveAttribute('value', '8')
  await expect(page.getByTestId('sweep-status')).toHaveText(teach.t('sweep.status_finished', { total: 8 }))
  // The pool's pace on screen: a positive number of runs per second.
  await expect(page.getByTestId('sweep-rate')).toHaveText(/^[0-9]+\.[0-9]{2} runs per second on [0-9]+ workers/)
  expect(Number.parseFloat((await page.getByTestId('sweep-rate').textContent()) ?? '')).toBeGreaterThan(0)

  const s = await teach.sweep()
  expect(s.scenarios).toHaveLength(8)
  expect(s.progress).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8])
  // One worker per core (at least two here), never more than the grid needs.
  expect(s.poolSize).toBe(Math.min(16, Math.max(1, s.cores)))
  expect(s.workers).toBe(Math.min(s.poolSize, 8))

  // The native engine on the same lines.
  const out = execFileSync(cli, ['sweep'], { input: s.scenarios.join('\n') + '\n', encoding: 'utf8' })
  const native = out
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line))
  expect(native).toHaveLength(8)
  expect(s.results.map((r) => r.summary)).toEqual(native)

  const points = await teach.plotted()
  expect(points.map((p) => p.x)).toEqual(VALUES)
  expect(points.map((p) => p.y)).toEqual(native.map((n) => String(n.min_max_fairness_pct)))

  // CSV export carries the same numbers.
  const csv = await teach.sweepCsv()
  expect(csv).toHaveLength(9)
  const col = csv[0].split(',').indexOf('min_max_fairness_pct')
  expect(csv.slice(1).map((l) => l.split(',')[col])).toEqual(native.map((n) => String(n.min_max_fairness_pct)))
  expect(teach.consoleErrors).toEqual([])
})

test('a running sweep can be cancelled', async ({ page, teach }) => {
  test.setTimeout(60_000)
  await teach.goto('?view=sweep&preset=seed001-red-netfpga-buffers')
  await page.getByRole('button', { name: teach.t('sweep.run') }).click()
  await expect.poll(() => teach.sweepStatus()).toBe('running')
  await page.getByRole('button', { name: teach.t('sweep.cancel') }).click()
  await expect.poll(() => teach.sweepStatus()).toBe('cancelled')
  const s = await teach.sweep()
  expect(s.progress.at(-1)).toBeLessThan(12)
  await expect(page.getByRole('button', { name: teach.t('sweep.run') })).toBeEnabled()
})
