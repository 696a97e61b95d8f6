// Issue 14 item 10: the averaged queue is shown in its own unit. AVQ's virtual queue is in bytes and is
// named as such (not "average" on a packet axis); a byte-mode queue's average reads "… bytes".
import { test, expect } from '../fixtures'

/** The latest-values readout whose term reads `term` (the term may carry a "?" help button). */
const readout = (app: { page: import('@playwright/test').Page }, term: string) =>
  app.page
    .locator('dl.chart-readouts')
    .first()
    .locator(':scope > div')
    .filter({ has: app.page.locator('dt', { hasText: new RegExp(`^${term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) }) })
    .locator(':scope > dd')

test('AVQ: the queue chart shows the virtual queue in bytes, named so', async ({ openLab }) => {
  const { app, sim } = await openLab('./?v=1&aqm=avq')
  await expect.poll(async () => (await sim.aqm())?.kind).toBe('avq')
  await app.playUntil(sim, 2)
  await expect(app.queueChart).toContainText(app.chartsT('queue.virtual'))
  await expect(app.queueChart).not.toContainText(app.chartsT('queue.average'))
  await expect(app.queueChart).toContainText(app.chartsT('queue.axis_bytes'))
  await expect(readout(app, app.chartsT('readouts.avg'))).toHaveText(/ bytes$/)
})

test('a byte-mode queue: the average is printed with its unit, bytes', async ({ openLab }) => {
  const { app, sim } = await openLab('./?v=1&aqm=red&byte_mode=1&min_th=5000&max_th=15000')
  await expect.poll(async () => (await sim.aqm())?.max_th).toBe(15000)
  await app.playUntil(sim, 2)
  await expect(readout(app, app.chartsT('readouts.avg'))).toHaveText(/^[\d,.]+ bytes$/)
  await expect(readout(app, app.chartsT('readouts.queue'))).toHaveText(/ pkts$/)
})
