import { test, expect } from '../fixtures'
import LZString from 'lz-string'

test('hovering a SACK flow in the congestion-window chart shows its RFC 6675 scoreboard', async ({ app, sim }) => {
  // Two Cubic flows with SACK and PRR over a short drop-tail buffer: losses keep the scoreboard busy.
  const z = LZString.compressToEncodedURIComponent(JSON.stringify({ flows: [{ sack: true, recovery: 'prr' }] }))
  await app.page.goto(`./?v=1&buffer=30&flows=2&tcp=cubic&rtt=40&z=${z}`)
  await app.playButton.waitFor({ state: 'visible' })
  await expect.poll(() => sim.ready()).toBe(true)
  await app.playButton.click()
  await expect.poll(() => sim.simTime()).toBeGreaterThan(4)
  await app.pauseButton.click()
  await expect.poll(() => sim.playing()).toBe(false)

  const plot = await app.cwndChart.locator('.plot-hit').boundingBox()
  if (plot === null) throw new Error('no cwnd plot')
  const x = plot.x + plot.width * 0.9
  let y = plot.y
  await expect(async () => {
    await app.page.mouse.move(x, y)
    y = Math.min(plot.y + plot.height, y + 3)
    await expect(app.cwndChart).not.toHaveAttribute('data-highlight', '', { timeout: 50 })
  }).toPass({ timeout: 20_000, intervals: [0] })

  await expect(app.cwndChart.getByTestId('cwnd-tip-scoreboard')).toContainText(
    /SACK scoreboard: pipe \d+ · SACKed \d+ · marked lost \d+ · (open|fast recovery|recovery after a timeout) \(now\)/,
  )
})
