// Issue 27 item 4: a sweep over the parameter that tells a preset's sides apart makes them one scenario at
// every point; the page runs them once, as one series whose label says so, instead of drawing identical
// curves under the sides' contradictory labels ("Buffer 100" at a 5-packet buffer).
import { test, expect } from '../fixtures'

test("red-parameter-sensitivity's own sweep over max_p is one series naming its three sides", async ({
  page,
  teach,
}) => {
  test.setTimeout(240_000)
  await teach.goto('?view=sweep&preset=red-parameter-sensitivity&runs=1')
  const note = page.getByTestId('sweep-merged')
  await expect(note).toHaveCount(1)
  await expect(note).toContainText('RED, max_p 0.05, max_p 0.2, max_p 0.01')
  await teach.runSweep(200_000)
  const { results } = await teach.sweep()
  // One run per value (six values), all of the first side.
  expect(results).toHaveLength(6)
  expect(new Set(results.map((r) => r.side))).toEqual(new Set([0]))
  const legend = page.getByTestId('sweep-chart').locator('.legend li')
  await expect(legend).toHaveCount(1)
  await expect(legend).toContainText('RED, max_p 0.05 = max_p 0.2 = max_p 0.01')
  expect(new Set((await teach.plotted()).map((p) => p.side))).toEqual(new Set([0]))
  expect(teach.consoleErrors).toEqual([])
})

test('the buffer sweeps of mininet-bufferbloat and bbr-meets-aqm merge only the sides that differ in the buffer', async ({
  page,
  teach,
}) => {
  await teach.goto('?view=sweep&preset=mininet-bufferbloat')
  await expect(page.getByTestId('sweep-merged')).toHaveText(/^Buffer 100, Buffer 20, Buffer 5 differ only in/)
  await teach.goto('?view=sweep&preset=bbr-meets-aqm')
  const note = page.getByTestId('sweep-merged')
  await expect(note).toHaveCount(1)
  await expect(note).toHaveText(/^Drop-tail, 0\.5 BDP, Drop-tail, 10 BDP differ only in/)
  // A sweep over something else keeps every side.
  await teach.goto('?view=sweep&preset=mininet-bufferbloat&param=link.rate_mbps&values=5,10')
  await expect(page.getByTestId('sweep-merged')).toHaveCount(0)
  expect(teach.consoleErrors).toEqual([])
})
