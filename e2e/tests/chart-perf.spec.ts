import { test, expect } from '../fixtures'

// A probe, not a timed test (DESIGN: budgets are measured, not asserted): with 100 flows and every
// chart on screen it records how long the charts take to draw per frame and the gaps between frames,
// and attaches them to the report. It asserts only that the charts keep drawing all 100 traces.
test.use({ viewport: { width: 1280, height: 720 } })

const percentile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]
}

test('perf probe: chart frame time with 100 flows and every chart visible', async ({ app, sim }) => {
  test.setTimeout(120_000)
  await app.flowGroup(1).count.fill('100')
  await app.field('run.duration').input.fill('600') // the lab pauses at a scenario's duration (60 s by default)
  await app.applyButton.click()
  await expect.poll(() => sim.totalFlows()).toBe(100)
  await app.algorithm.selectOption('red')
  await app.playFast(5)
  await expect(app.cwndChart).toHaveAttribute('data-traces', '100', { timeout: 30_000 })
  for (const chart of app.charts) {
    await expect(chart).toBeInViewport()
  }
  await expect.poll(() => sim.simTime(), { timeout: 60_000 }).toBeGreaterThan(25) // the 20 s window is full

  const speed = (label: string) => app.page.getByLabel(app.t('transport.speed')).selectOption({ label })
  const measure = async (window: string) => {
    const before = await app.chartFrameStats()
    const start = before?.frames ?? 0
    await expect
      .poll(async () => (await app.chartFrameStats())?.frames ?? 0, { timeout: 30_000 })
      .toBeGreaterThan(start + 240)
    const stats = await app.chartFrameStats()
    if (stats === null || before === null) throw new Error('no frame stats')
    expect(stats.drawMs.length).toBeGreaterThan(100)
    const mean = stats.drawMs.reduce((a, b) => a + b, 0) / stats.drawMs.length
    const report = {
      flows: 100,
      window,
      simTime: Math.round(await sim.simTime()),
      drawMs: {
        mean: +mean.toFixed(2),
        p50: +percentile(stats.drawMs, 0.5).toFixed(2),
        p95: +percentile(stats.drawMs, 0.95).toFixed(2),
      },
      frameGapMs: {
        p50: +percentile(stats.frameGapMs, 0.5).toFixed(1),
        p95: +percentile(stats.frameGapMs, 0.95).toFixed(1),
      },
      // Per chart over these frames: how often it redrew, and milliseconds per redraw.
      charts: Object.fromEntries(
        Object.entries(stats.byChart).map(([name, c]) => {
          const draws = c.draws - (before.byChart[name]?.draws ?? 0)
          return [
            name,
            { redraws: draws, ms: +((c.ms - (before.byChart[name]?.ms ?? 0)) / Math.max(1, draws)).toFixed(2) },
          ]
        }),
      ),
    }
    console.log(`chart perf: ${JSON.stringify(report)}`)
    test.info().annotations.push({ type: 'chart-perf', description: JSON.stringify(report) })
  }
  await speed(app.t('transport.speedRealTime'))
  await measure('20 s at 1×')
  await speed(app.t('transport.speedFast', { value: 5 }))
  await measure('20 s at 5×')
  await app.page
    .getByRole('toolbar', { name: app.chartsT('time.toolbar') })
    .getByRole('button', { name: app.chartsT('time.all') })
    .click()
  await measure('whole run at 5×')
  expect(app.consoleErrors).toEqual([])
})
