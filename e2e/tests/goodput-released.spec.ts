// Goodput never above capacity without a word: over a short window right after slow start's losses on
// 1 Gbit/s, the in-order goodput counts data that crossed the link before the warm-up, and the run summary
// says so, with the goodput counted as the data arrived (never above the capacity).
import { readFileSync } from 'node:fs'
import { test, expect } from '../fixtures'
import { labLink } from '../labLink'

const scenario = {
  ...(
    JSON.parse(
      readFileSync(new URL('../../validation/cases/droptail-newreno-100f-1g.json', import.meta.url), 'utf8'),
    ) as { scenario: Record<string, unknown> }
  ).scenario,
  duration: 4,
  warmup: 2,
}

test('the run summary says when the in-order goodput counts data released from before the warm-up', async ({
  openLab,
}) => {
  test.setTimeout(120_000)
  const { app, sim } = await openLab(labLink('v=2&speed=max', scenario))
  await app.playButton.click()
  await expect(app.page.getByTestId('run-end')).toBeVisible({ timeout: 100_000 })
  await expect.poll(async () => (await sim.summary())?.measured_to_s).toBeCloseTo(4, 6)
  const s = await sim.summary()
  const inOrder = s?.total_goodput_payload_mbps ?? Number.NaN
  const received = s?.total_received_payload_mbps ?? Number.NaN
  // 1500-byte packets carry 1460 bytes of payload: at most 973.3 Mbit/s on 1 Gbit/s.
  const capacity = (1000 * 1460) / 1500
  expect(inOrder).toBeGreaterThan(capacity)
  expect(received).toBeLessThanOrEqual(capacity + 0.01)
  const note = app.page.getByTestId('summary-goodput-released')
  await expect(note).toBeVisible()
  await expect(note).toContainText(received.toFixed(1))
  expect(app.consoleErrors).toEqual([])
})
