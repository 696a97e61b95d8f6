// Issue 29: DualPI2 is one choice in the lab's picker; the page shows its parameters from their specs and
// the running discipline reports its coupled probabilities (docs/algorithms/dualpi2.md).
import { test, expect } from '../fixtures'

test('choosing DualPI2 runs it with its parameters on screen and its state reported', async ({ app, sim }) => {
  await app.algorithm.selectOption('dualpi2')
  await expect.poll(async () => (await sim.aqm())?.kind).toBe('dualpi2')
  const aqm = await sim.aqm()
  expect([aqm?.target, aqm?.step_thresh, aqm?.k]).toEqual([15, 1, 2])
  await expect(app.page.getByText('L4S step threshold').first()).toBeVisible()
  await app.playButton.click()
  await expect.poll(() => sim.simTime()).toBeGreaterThan(2)
  const state = await sim.aqmState()
  expect(Object.keys(state)).toEqual(expect.arrayContaining(['p_prime', 'p_c', 'p_cl', 'l_packets', 'c_packets']))
  expect((await sim.errors())['set-algorithm']).toBeUndefined()
  // The scheduler is a choice: the time-shifted FIFO (RFC 9332 A.1) runs live, and the engine reports it by name.
  expect(aqm?.scheduler).toBe('wrr')
  await app.page.getByRole('combobox', { name: 'Scheduler', exact: true }).selectOption('ts_fifo')
  await expect.poll(async () => (await sim.aqm())?.scheduler).toBe('ts_fifo')
  expect((await sim.errors())['set-param:scheduler']).toBeUndefined()
  expect(app.consoleErrors).toEqual([])
})
