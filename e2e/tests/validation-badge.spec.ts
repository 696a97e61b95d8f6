// Each preset with an ns-3 validation case shows "agrees with ns-3 on n of m metrics" in the gallery and in
// the lab's preset panel, linking to that case on the Validation page; the counts are the case file's
// recorded verdicts (validation/cases/*.json, asserted by engine-wasm/tests/validation_ns3.rs).
import { readFileSync } from 'node:fs'
import { test, expect } from '../fixtures'
import { catalogue } from '../catalogue'
import { TeachPage } from '../pages/TeachPage'

const METRICS: [string, number][] = [
  ['goodput_mbps', 0],
  ['utilisation', 0],
  ['mean_queue_pkts', 0],
  ['mean_delay_ms', 0],
  ['drops', 100],
  ['jain', 0],
]

/** n of m from the committed case file, counted here independently of the page's code. */
function recorded(id: string): { n: number; m: number } {
  const c = JSON.parse(readFileSync(new URL(`../../validation/cases/${id}.json`, import.meta.url), 'utf8'))
  const compared = METRICS.filter(([k, min]) => typeof c.ns3.metrics[k] === 'number' && c.ns3.metrics[k] >= min)
  const agree = compared.filter(([k]) => c.expect === 'agree' || c.expect[k] === undefined)
  return { n: agree.length, m: compared.length }
}

test('a preset card shows its agreement with ns-3 and links to the case; the lab panel shows it too', async ({
  page,
}) => {
  const teach = new TeachPage(page)
  const v = catalogue('en', 'validation')
  await teach.goto('?view=gallery')
  // seed 000 runs RED with NewReno at 10 Mbit/s: the red-newreno-10f-10m case.
  const badge = teach.card('seed000-red-ared-qvared').getByTestId('validation-badge')
  const words = { ...recorded('red-newreno-10f-10m'), id: 'red-newreno-10f-10m' }
  await expect(badge).toHaveText(v('badge.text', words))
  await expect(badge).toHaveAttribute('aria-label', v('badge.label', words))
  // A preset whose discipline no case runs (seed 003's HRED) has none.
  await expect(teach.card('seed003-hred-load-step').getByTestId('validation-badge')).toHaveCount(0)

  await badge.click()
  await expect(page).toHaveURL(/[?&]view=validation#case-red-newreno-10f-10m$/)
  await expect(
    page.locator('[data-case="red-newreno-10f-10m"]').getByRole('heading', { name: 'red-newreno-10f-10m' }),
  ).toBeInViewport()

  await teach.goto('?preset=seed000-red-ared-qvared')
  await expect(teach.presetInfo.getByTestId('validation-badge')).toHaveText(v('badge.text', words))
  expect(teach.consoleErrors).toEqual([])
})

test('the badge speaks Korean', async ({ page }) => {
  const teach = new TeachPage(page, 'ko')
  const v = catalogue('ko', 'validation')
  await teach.goto('?view=gallery&lang=ko')
  const words = { ...recorded('red-newreno-10f-10m'), id: 'red-newreno-10f-10m' }
  await expect(teach.card('seed000-red-ared-qvared').getByTestId('validation-badge')).toHaveText(v('badge.text', words))
})
