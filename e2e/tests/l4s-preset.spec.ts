// Issue 29, the page: the L4S preset (Prague and Cubic sharing DualPI2) shows both of DualPI2's queues in the
// colours of their classes, p′ with p_C and p_CL and the operating point, the queues with their signals by
// cause in the system view, each flow's codepoint and feedback in the per-flow table, and α in the cwnd
// hover, all from what the engine declares (web/engine/subQueues.ts); and the page stays axe-clean.
import AxeBuilder from '@axe-core/playwright'
import { test, expect } from '../fixtures'
import { catalogue } from '../catalogue'

const charts = catalogue('en', 'charts')

test('the L4S preset draws two queues, three probabilities, codepoints and α', async ({ openLab }) => {
  test.setTimeout(240_000)
  const { app, sim } = await openLab('./?preset=l4s-prague-cubic-dualpi2')
  const { page } = app
  await expect.poll(async () => (await sim.aqm())?.kind).toBe('dualpi2')
  await app.playButton.click()
  // Past the preset's 15 s warm-up, so the per-flow table has a measured window.
  await expect.poll(() => sim.simTime(), { timeout: 150_000 }).toBeGreaterThan(16)
  await app.pauseButton.click()
  await expect.poll(() => sim.playing()).toBe(false)

  // Two queue series beside the trace: the engine samples them with every row, and they add up to the queue.
  const columns = await sim.columns()
  expect(columns).toEqual(expect.arrayContaining(['state_l_packets', 'state_c_packets', 'state_p_c', 'state_p_cl']))
  const [q, l, c] = await Promise.all([
    sim.trace('q_pkts', 1),
    sim.trace('state_l_packets', 1),
    sim.trace('state_c_packets', 1),
  ])
  expect(l.length).toBe(q.length)
  expect(q.every(([, v], i) => v === l[i][1] + c[i][1])).toBe(true)
  expect(l.some(([, v]) => v > 0) && c.some(([, v]) => v > 0)).toBe(true)
  await expect(app.queueChart.getByText(charts('subqueue.l4s'), { exact: true })).toBeVisible()
  await expect(app.queueChart.getByText(charts('subqueue.classic'), { exact: true })).toBeVisible()
  // Each queue's own delay on the delay chart.
  await expect(
    app.delayChart.getByText(charts('subqueue.sojourn', { queue: charts('subqueue.l4s') }), { exact: true }),
  ).toBeVisible()

  // p′, p_C and p_CL on the probability chart, with the operating point's values.
  const prob = page.getByTestId('probability-curve')
  await expect(prob.getByText(charts('subqueue.p_base', { name: 'p′' }), { exact: true })).toBeVisible()
  for (const [name, queue] of [
    ['p_C', 'subqueue.classic'],
    ['p_CL', 'subqueue.l4s'],
  ]) {
    await expect(
      prob.getByText(charts('subqueue.p_queue', { name, queue: charts(queue) }), { exact: true }),
    ).toBeVisible()
  }
  // The operating point: the latest p′ and the two derived from it, p_CL = k·p′ and p_C = p′² (RFC 9332 §2.1).
  const now = (await prob.getByTestId('probability-now').textContent()) ?? ''
  const value = (name: string) => Number(new RegExp(`${name} = ([0-9.e-]+)`).exec(now)?.[1])
  const [base, pCl, pC] = [value('p′'), value('p_CL'), value('p_C')]
  expect(base, now).toBeGreaterThan(0)
  expect(pCl / (2 * base)).toBeCloseTo(1, 3)
  expect(pC / (base * base)).toBeCloseTo(1, 2)

  // α of the Prague flow in the cwnd hover (flow 1; Cubic has none).
  const plot = await app.cwndChart.locator('.plot-hit').boundingBox()
  if (plot === null) throw new Error('no cwnd plot')
  const alpha = app.cwndChart.getByTestId('cwnd-tip-mark_fraction')
  await expect(async () => {
    for (let y = plot.y + 2; y < plot.y + plot.height; y += 3) {
      await page.mouse.move(plot.x + plot.width * 0.9, y)
      if ((await alpha.count()) > 0) break
    }
    await expect(alpha).toHaveCount(1, { timeout: 50 })
  }).toPass({ timeout: 30_000, intervals: [0] })
  await expect(alpha).toContainText(/α .* \d/)
  await page.mouse.move(0, 0)

  // The system view: both queues with their backlog, delay, probability and signals by cause.
  if ((await page.getByTestId('system-view').count()) === 0) await page.getByTestId('system-toggle').click()
  const subqueues = page.getByTestId('system-subqueues')
  await expect(subqueues.locator('li')).toHaveCount(2)
  await expect(subqueues.locator('li[data-class="l4s"]')).toContainText(charts('subqueue.counts.l_step_marks'))
  await expect(subqueues.locator('li[data-class="classic"]')).toContainText(charts('subqueue.counts.c_drops'))

  // The per-flow table: Prague sends ECT(1) with accurate ECN, Cubic Not-ECT.
  await page.getByRole('button', { name: charts('results.open'), exact: true }).click()
  const table = page.getByRole('table', { name: charts('results.table_title') })
  await expect(table.locator('td[data-field="codepoint"]')).toHaveText([
    charts('results.codepoint.ect1'),
    charts('results.codepoint.not_ect'),
  ])
  await expect(table.locator('td[data-field="feedback"]')).toHaveText([
    charts('results.feedback.accurate'),
    charts('results.feedback.none'),
  ])

  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze()
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([])
  await page.keyboard.press('Escape')
  // With the results dialog closed, the lab itself (the sketch bar's buttons included: 24 px targets).
  const lab = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze()
  expect(lab.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([])
  expect(app.consoleErrors).toEqual([])
})

test('picking DualPI2 in the lab before Play traces its two queues', async ({ app, sim }) => {
  await app.algorithm.selectOption('dualpi2')
  await expect.poll(async () => (await sim.aqm())?.kind).toBe('dualpi2')
  await expect.poll(() => sim.columns()).toEqual(expect.arrayContaining(['state_l_packets', 'state_c_packets']))
  await app.playButton.click()
  await expect.poll(async () => (await sim.trace('state_c_packets', 0)).length).toBeGreaterThan(5)
  expect(app.consoleErrors).toEqual([])
})
