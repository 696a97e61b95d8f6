// Issue 14 item 11: utilisation never reads above 100 % (it read 100.8 % with BLUE, PI, AVQ, FQ-CoDel):
// the engine now counts the bits a link serialised within each sample interval.
import { test, expect } from '../fixtures'

for (const kind of ['blue', 'pi', 'fq_codel']) {
  test(`${kind}: every sampled utilisation is at most 100 %, and the readout says so`, async ({ app, sim }) => {
    await app.algorithm.selectOption(kind)
    await expect.poll(async () => (await sim.aqm())?.kind).toBe(kind)
    await app.page.getByLabel(app.t('transport.speed')).selectOption({ label: app.t('transport.speedMax') })
    await app.playButton.click()
    await expect.poll(() => sim.simTime(), { timeout: 25_000 }).toBeGreaterThan(14.5)
    const util = (await sim.trace('util', 0))
      .filter(([t]) => t <= 15)
      .map(([, u]) => u)
      .filter(Number.isFinite)
    expect(util.length).toBeGreaterThan(100)
    expect(Math.max(...util)).toBeLessThanOrEqual(1 + 1e-9)
    // A busy link does read full: the bottleneck stays saturated for most of the run.
    expect(util.filter((u) => u > 0.999).length).toBeGreaterThan(util.length / 2)
    const readout = app.page.locator('.chart-readouts').first()
    await expect(readout).not.toContainText(/10[0-9]\.[1-9]%|1[1-9][0-9]\.\d%/)
  })
}
