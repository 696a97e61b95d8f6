// Issue 29: the queue and probability charts follow the running discipline when it is switched mid-run. A run
// that started with DualPI2 draws its two queues and p_C/p_CL; switched to PIE it drops them, switched back it
// draws them again from the switch on. A run that started with FIFO has no trace of DualPI2's queues (the
// engine traces the queues of the discipline a run starts with): switched to DualPI2 the charts list no line
// they cannot draw and say how to get them, and Reset (the run again from 0 s with DualPI2) draws them.
import { test, expect } from '../fixtures'
import { catalogue } from '../catalogue'

const charts = catalogue('en', 'charts')
const app_ = catalogue('en', 'app')

test('the two queues and p_C/p_CL follow a switch of discipline mid-run', async ({ app, sim }) => {
  test.setTimeout(180_000)
  const { page } = app
  const prob = page.getByTestId('probability-curve')
  const l4sQueue = app.queueChart.getByText(charts('subqueue.l4s'), { exact: true })
  const pCl = prob.getByText(charts('subqueue.p_queue', { name: 'p_CL', queue: charts('subqueue.l4s') }), {
    exact: true,
  })
  const untraced = charts('subqueue.untraced', {
    name: app_('algorithms.dualpi2.name'),
    reset: app_('transport.reset'),
  })

  await page.goto('./?preset=l4s-prague-cubic-dualpi2')
  await app.playButton.waitFor({ state: 'visible' })
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
  await expect(app.queueChart.getByText(untraced)).toHaveCount(0)
  await app.pauseButton.click()

  // A run that started with FIFO, switched to DualPI2 mid-run: no lines claimed, a note on both charts.
  await page.goto('./?preset=prague-without-l4s')
  await app.playButton.waitFor({ state: 'visible' })
  await expect.poll(async () => (await sim.aqm())?.kind).toBe('droptail')
  await app.playButton.click()
  await expect.poll(() => sim.simTime(), { timeout: 60_000 }).toBeGreaterThan(1)
  await app.algorithm.selectOption('dualpi2')
  await expect.poll(async () => (await sim.aqm())?.kind).toBe('dualpi2')
  await expect(app.queueChart.getByText(untraced)).toBeVisible()
  await expect(prob.getByText(untraced)).toBeVisible()
  await expect(l4sQueue).toHaveCount(0)
  await expect(pCl).toHaveCount(0)
  expect(await sim.columns()).not.toContain('state_l_packets')

  // Reset runs again from 0 s with DualPI2: its queues are traced and drawn.
  const epoch = await sim.epoch()
  await page.getByRole('button', { name: app_('transport.reset'), exact: true }).click()
  await expect.poll(() => sim.epoch()).toBeGreaterThan(epoch)
  await expect.poll(() => sim.columns()).toContain('state_l_packets')
  if (!(await sim.playing())) await app.playButton.click()
  await expect.poll(() => sim.simTime(), { timeout: 60_000 }).toBeGreaterThan(1)
  await expect(l4sQueue).toBeVisible()
  await expect(pCl).toBeVisible()
  await expect(app.queueChart.getByText(untraced)).toHaveCount(0)
})
