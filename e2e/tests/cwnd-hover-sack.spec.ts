import { test, expect } from '../fixtures'
import LZString from 'lz-string'

test('hovering a SACK flow in the congestion-window chart shows its RFC 6675 scoreboard', async ({ app, sim }) => {
  // Two Cubic flows with SACK and PRR over a short drop-tail buffer: losses keep the scoreboard busy.
  const z = LZString.compressToEncodedURIComponent(JSON.stringify({ flows: [{ sack: true, recovery: 'prr' }] }))
  await app.runUntil(`./?v=1&buffer=30&flows=2&tcp=cubic&rtt=40&z=${z}`, sim, 4)

  await app.hoverCwndTrace()

  await expect(app.cwndChart.getByTestId('cwnd-tip-scoreboard')).toContainText(
    /SACK scoreboard: pipe \d+ · SACKed \d+ · marked lost \d+ · (open|fast recovery|recovery after a timeout) \(now\)/,
  )
})
