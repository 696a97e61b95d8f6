import { test, expect } from '../fixtures'
import { labLink } from '../labLink'

test('hovering a SACK flow in the congestion-window chart shows its RFC 6675 scoreboard', async ({ openLab }) => {
  // Two Cubic flows with SACK and PRR over a short drop-tail buffer: losses keep the scoreboard busy.
  const link = labLink('v=1&buffer=30&flows=2&tcp=cubic&rtt=40', { flows: [{ sack: true, recovery: 'prr' }] })
  const { app, sim } = await openLab(link)
  await app.playUntil(sim, 4)

  await app.hoverCwndTrace()

  await expect(app.cwndChart.getByTestId('cwnd-tip-scoreboard')).toContainText(
    /SACK scoreboard: pipe \d+ · SACKed \d+ · marked lost \d+ · (open|fast recovery|recovery after a timeout) \(now\)/,
  )
})
