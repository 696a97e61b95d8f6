// Compare mode: started from the gallery, both sides run the same traffic (identical traces of every
// AQM-independent column until the first drop), in lock step on one time axis, and the difference
// summary shows the engine's full-run numbers for both.
import { readFileSync } from 'node:fs'
import { test, expect } from '../fixtures'

/** A number field of a parsed summary or scenario. */
const field = (x: unknown, key: string): unknown =>
  typeof x === 'object' && x !== null ? Object.getOwnPropertyDescriptor(x, key)?.value : undefined

const preset = JSON.parse(readFileSync(new URL('../../public/presets/red-vs-droptail.json', import.meta.url), 'utf8'))

test('two sides run identical traffic in lock step and the difference summary appears', async ({ page, teach }) => {
  test.setTimeout(90_000)
  await teach.goto('?view=gallery')
  await teach
    .card(preset.id)
    .getByRole('link', { name: teach.t('gallery.compare_named', { title: preset.title.en }) })
    .click()
  await expect(page).toHaveURL(/view=compare/)
  await expect(teach.side(0)).toHaveAttribute('data-ready', 'true')
  await expect(teach.side(1)).toHaveAttribute('data-ready', 'true')

  // Same scenario except for the algorithm.
  const sides = await teach.compareSides()
  expect(sides.map((s) => s.kind)).toEqual(['droptail', 'red'])
  const strip = (s: unknown) => JSON.stringify(typeof s === 'object' && s !== null ? { ...s, aqm: null } : s)
  expect(strip(sides[0].scenario)).toBe(strip(sides[1].scenario))

  await teach.playCompareUntil(4, 30_000)

  // Linked time axes: both sides stopped at the same simulated time (lock step).
  await expect.poll(async () => new Set((await teach.compareSides()).map((s) => s.simTime)).size).toBe(1)
  // Identical traffic: the traces agree bit for bit until the first drop on either side.
  const d = await teach.trafficDigests()
  expect(d).not.toBeNull()
  expect(d!.columns).toEqual(expect.arrayContaining(['q_pkts', 'cwnd_0', 'cwnd_7', 'thr_0']))
  expect(d!.before).toBeGreaterThan(0)
  expect(d!.before).toBeLessThan(4)
  expect(d!.sides[0].rows).toBeGreaterThanOrEqual(5)
  expect(d!.sides[1]).toEqual(d!.sides[0])

  // The difference summary: every metric for both sides, from the engine's full runs.
  const summary = await teach.differenceComplete(60_000)
  const row = (metric: string) => summary.locator(`tr[data-metric="${metric}"]`)
  for (const metric of ['mean_queue_pkts', 'delay_ms.mean', 'utilisation', 'jain', 'sync.excess']) {
    await expect(row(metric).locator('td')).toHaveCount(3)
  }
  const [dt, red] = await teach.compareSummaries()
  // Each cell is the mean over the side's replications (seeds seed, seed+1, …; 5 by default).
  const reps = await teach.compareReplications()
  expect(reps.map((r) => r.length)).toEqual([5, 5])
  expect(reps.map((r) => r[0])).toEqual([dt, red])
  const mean = (k: number, key: string) => reps[k].reduce((a, s) => a + Number(field(s, key)), 0) / reps[k].length
  const cell = (metric: string, k: number) => row(metric).locator('td').nth(k)
  await expect(cell('mean_queue_pkts', 0)).toHaveAttribute('data-value', String(mean(0, 'mean_queue_pkts')))
  await expect(cell('mean_queue_pkts', 1)).toHaveAttribute('data-value', String(mean(1, 'mean_queue_pkts')))
  // RED keeps the shorter queue (the preset's lesson).
  expect(Number(field(red, 'mean_queue_pkts'))).toBeLessThan(Number(field(dt, 'mean_queue_pkts')) / 3)
  expect(teach.consoleErrors).toEqual([])
})

test('the comparison is one link, and embeds without the page around it', async ({ page, teach }) => {
  await teach.goto(`?view=compare&preset=${preset.id}`)
  const link = await page.getByLabel(teach.t('compare.link')).inputValue()
  expect(link).toContain(`preset=${preset.id}`)
  const embed = await page.getByLabel(teach.t('compare.embed')).inputValue()
  const src = /src="([^"]+)"/.exec(embed)?.[1]
  expect(src).toContain('embed=1')
  await page.goto(src!)
  await expect(teach.side(0)).toBeVisible()
  await expect(teach.side(1)).toBeVisible()
  await expect(page.getByRole('navigation', { name: teach.t('nav.label') })).toHaveCount(0)
  await expect(teach.presetInfo).toHaveCount(0)
  expect(teach.consoleErrors).toEqual([])
})
