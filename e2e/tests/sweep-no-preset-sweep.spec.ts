// Issue 27 (walk E20): a sweep page for a preset that defines no sweep says so and offers a sensible one (the
// buffer, or the link rate where the buffer is counted in ATM cells, from a quarter to four times the value the
// preset runs) instead of an empty value list under a red error. The form names parameters without the
// scenario's paths, and its note about the command-line engine names no file of the repository.
import { test, expect } from '../fixtures'
import { TeachPage } from '../pages/TeachPage'

const cases = [
  { preset: 'seed003-hred-load-step', param: 'link.buffer', values: '125000, 250000, 500000, 1000000, 2000000' },
  { preset: 'seed002-gfr-atm', param: 'link.rate_mbps' },
  { preset: 'capacity-drop-codel-droptail', param: 'link.buffer' },
]

for (const c of cases) {
  test(`${c.preset}: the sweep page offers a default sweep and says it is one`, async ({ page }) => {
    const teach = new TeachPage(page)
    await teach.goto(`?view=sweep&preset=${c.preset}`)
    const note = page.getByTestId('sweep-suggested')
    await expect(note).toBeVisible()
    await expect(note).toContainText('defines no sweep of its own. Suggested:')
    await expect(page.locator('#sweep-param')).toHaveValue(c.param)
    const values = page.locator('#sweep-values')
    await expect(values).not.toHaveValue('')
    if (c.values !== undefined) await expect(values).toHaveValue(c.values)
    await expect(values).toHaveAttribute('aria-invalid', 'false')
    await expect(page.getByRole('alert')).toHaveCount(0)
    await expect(page.getByRole('button', { name: teach.t('sweep.run'), exact: true })).toBeEnabled()
    // No scenario paths or repository files in what the reader sees.
    const options = await page.locator('#sweep-param option').allTextContents()
    expect(options.filter((o) => /\b(link|flows|aqm)[.[]/.test(o))).toEqual([])
    await expect(page.locator('main')).not.toContainText('engine-wasm/')

    // Another parameter brings values of its own; clearing them asks for values in plain words.
    await page.locator('#sweep-param').selectOption('link.delay_ms')
    await expect(values).not.toHaveValue('')
    await expect(values).toHaveAttribute('aria-invalid', 'false')
    await expect(note).toContainText(teach.t('sweep.suggested').split('.')[0])
    await values.fill('')
    await expect(page.getByRole('alert')).toHaveText(teach.t('sweep.values_empty'))
    await expect(note).toHaveText(teach.t('sweep.no_sweep'))
    expect(teach.consoleErrors).toEqual([])
  })
}

test('a preset with a sweep of its own shows no suggestion', async ({ page }) => {
  const teach = new TeachPage(page)
  await teach.goto('?view=sweep&preset=red-vs-droptail')
  await expect(page.locator('#sweep-values')).not.toHaveValue('')
  await expect(page.getByTestId('sweep-suggested')).toHaveCount(0)
})

// Walk E20's other rough edges: the 8-flow red-vs-droptail preset offered goodput of flows 1 to 6 only, and the
// replication notes printed "(seeds seed, seed+1, …)" as if a template had leaked.
test('every flow of an 8-flow preset is a sweep metric, and the seed notes read as sentences', async ({ page }) => {
  const teach = new TeachPage(page)
  await teach.goto('?view=sweep&preset=red-vs-droptail')
  const options = page.locator('#sweep-metric option')
  await expect(options.filter({ hasText: teach.t('metric.flow_goodput', { n: 8 }) })).toHaveCount(1)
  const metrics = await options.allTextContents()
  for (const n of [1, 6, 7, 8]) expect(metrics).toContain(teach.t('metric.flow_goodput', { n }))
  expect(metrics).not.toContain(teach.t('metric.flow_goodput', { n: 9 }))
  expect(teach.t('replicate.runs_help')).not.toContain('seed+1')
  expect(teach.t('replicate.sweep_runs_note', { runs: 5, more: 4 })).toContain('the 4 after it')
  await expect(page.locator('main')).not.toContainText('seed+1')
})
