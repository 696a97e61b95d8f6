// Issue 29: the queue and probability charts follow the running discipline when it is switched mid-run. A run
// that started with DualPI2 draws its two queues and p_C/p_CL; switched to PIE it drops them, switched back it
// draws them again from the switch on. A run that started with FIFO, switched to DualPI2, draws DualPI2's queues
// from the switch on too (the engine appends their columns; the rows before the switch read NaN in them) and
// keeps the run before the switch on the charts.
import { test, expect } from '../fixtures'
import { catalogue } from '../catalogue'

const charts = catalogue('en', 'charts')

test('the two queues and p_C/p_CL follow a switch of discipline mid-run', async ({ openLab }) => {
  test.setTimeout(180_000)
  const { app, sim } = await openLab('./?preset=l4s-prague-cubic-dualpi2')
  const { page } = app
  const prob = page.getByTestId('probability-curve')
  const l4sQueue = app.queueChart.getByText(charts('subqueue.l4s'), { exact: true })
  const pCl = prob.getByText(charts('subqueue.p_queue', { name: 'p_CL', queue: charts('subqueue.l4s') }), {
    exact: true,
  })

  await expect.poll(async () => (await sim.aqm())?.kind).toBe('dualpi2')
  await app.playButton.click()
  await expect.poll(() => sim.simTime(), { timeout: 60_000 }).toBeGreaterThan(2)
  await expect(l4sQueue).toBeVisible()
  await expect(pCl).toBeVisible()

  // Away to PIE: the queues and the per-queue probabilities leave the charts.
  await app.algorithm.selectOption('pie')
  await expect.poll(async () => (await sim.aqm())?.kind).toBe('pie')
  const atPie = await sim.simTime()
  await expect.poll(() => sim.simTime(), { timeout: 60_000 }).toBeGreaterThan(atPie + 1)
  await expect(l4sQueue).toHaveCount(0)
  await expect(pCl).toHaveCount(0)

  // Back to DualPI2: drawn again, from the switch on (PIE's rows have no L4S backlog).
  await app.algorithm.selectOption('dualpi2')
  await expect.poll(async () => (await sim.aqm())?.kind).toBe('dualpi2')
  const atBack = await sim.simTime()
  await expect.poll(() => sim.simTime(), { timeout: 60_000 }).toBeGreaterThan(atBack + 1)
  await expect(l4sQueue).toBeVisible()
  await expect(pCl).toBeVisible()
  // The L4S backlog column since about the switch to PIE (the page's copy of the clock may lag the
  // worker's): DualPI2's rows, then one block of PIE's rows without it, then DualPI2's again to the end.
  const rows = await sim.trace('state_l_packets', atPie - 1)
  const gap = rows.flatMap(([t, v], i) => (Number.isFinite(v) ? [] : [{ t, i }]))
  expect(gap.length).toBeGreaterThan(0)
  const [first, last] = [gap[0], gap[gap.length - 1]]
  expect(gap.length, 'one block without the L4S queue').toBe(last.i - first.i + 1)
  expect(first.i, 'DualPI2 rows before the switch').toBeGreaterThan(0)
  expect(gap.length, 'several rows under PIE').toBeGreaterThan(2)
  expect(rows.length - 1 - last.i, 'DualPI2 rows after the switch back').toBeGreaterThan(5)
  await app.pauseButton.click()

  // A run that started with FIFO, switched to DualPI2 mid-run: the queues and p_C/p_CL from the switch on.
  await app.goto('./?preset=prague-without-l4s')
  await expect.poll(async () => (await sim.aqm())?.kind).toBe('droptail')
  await app.playButton.click()
  await expect.poll(() => sim.simTime(), { timeout: 60_000 }).toBeGreaterThan(1)
  expect(await sim.columns()).not.toContain('state_l_packets')
  const epoch = await sim.epoch()
  await app.algorithm.selectOption('dualpi2')
  await expect.poll(async () => (await sim.aqm())?.kind).toBe('dualpi2')
  const atSwitch = await sim.simTime()
  await expect.poll(() => sim.columns()).toContain('state_l_packets')
  await expect.poll(() => sim.simTime(), { timeout: 60_000 }).toBeGreaterThan(atSwitch + 1)
  await expect(l4sQueue).toBeVisible()
  await expect(pCl).toBeVisible()
  // Still the same run, from 0 s: FIFO's rows read NaN in the L4S backlog, DualPI2's rows hold it.
  expect(await sim.epoch()).toBe(epoch)
  const fromStart = await sim.trace('state_l_packets', 0)
  expect(fromStart[0][0], 'the run before the switch is kept').toBeLessThan(0.5)
  const firstTraced = fromStart.findIndex(([, v]) => Number.isFinite(v))
  expect(firstTraced, 'FIFO rows before the switch').toBeGreaterThan(0)
  expect(fromStart[firstTraced][0]).toBeGreaterThan(atSwitch - 0.5)
  expect(
    fromStart.slice(firstTraced).every(([, v]) => Number.isFinite(v)),
    'DualPI2 rows after it',
  ).toBe(true)
})
