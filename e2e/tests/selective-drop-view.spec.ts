// Issue 14 item 10 (rest): seed 004's selective drop decides per flow, from that flow's own packets in
// the queue against Q_thresh (Chae & Choi, KIPS 2004). It has no drop probability and no averaged queue,
// so the page must not draw a p-against-average curve or an "average" trace for it: it says what it uses.
import { catalogue } from '../catalogue'
import { test, expect } from '../fixtures'

const charts = catalogue('en', 'charts')

test('selective drop shows its per-flow threshold, not a p-against-average curve', async ({ app, sim }) => {
  const check = async () => {
    await expect(app.curveChart.locator('path.curve-line')).toHaveCount(0)
    await expect(app.curveChart.getByText(charts('curve.axis_p'), { exact: true })).toHaveCount(0)
    const note = app.curveChart.locator('.chart-note')
    await expect(note).toBeVisible()
    await expect(note).toContainText('Q_thresh = 6')
    await expect(app.queueChart.getByText(charts('queue.average'))).toHaveCount(0)
  }
  // Before Play (nothing sampled yet) ...
  await app.algorithm.selectOption('selective_drop')
  await expect.poll(async () => (await sim.aqm())?.kind).toBe('selective_drop')
  await check()
  // ... and while it runs.
  await app.playButton.click()
  await expect.poll(() => sim.simTime()).toBeGreaterThan(1)
  await check()
  await app.pauseButton.click()
})
