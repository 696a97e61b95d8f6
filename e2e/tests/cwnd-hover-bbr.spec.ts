import { test, expect } from '../fixtures'

test('hovering a BBR flow in the congestion-window chart shows its mode and bandwidth estimate', async ({
  openLab,
}) => {
  const { app, sim } = await openLab('./?v=1&flows=2&tcp=bbr&rtt=40')
  await app.playUntil(sim, 4)

  await app.hoverCwndTrace()

  // After 4 s of a 10 Mbit/s link shared by two flows: past Startup, BtlBw a few Mbit/s, min RTT ≈ 40 ms.
  const model = app.cwndChart.getByTestId('cwnd-tip-model')
  await expect(model).toContainText(/BBR (Drain|ProbeBW|ProbeRTT) · BtlBw \d+(\.\d+)? Mbit\/s · min RTT 4\d(\.\d+)? ms/)
})
