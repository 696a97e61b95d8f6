// Issue 27 item 2: "Open in the lab" on the Validation page runs the model that was validated. The case's
// scenario names the ns-3 profile and leaves the discipline's ns-3 details to it (RED's wait, ns rules, idle
// decay and device queue; CoDel's Newton step; PIE's burst rule): the lab must run them, so its numbers are
// the Validation page's own.
import { readFileSync } from 'node:fs'
import { test, expect } from '../fixtures'
import type { Page } from '@playwright/test'
import { Simulation, initSync, trace_digest } from '../../web/engine/pkg/aqm_engine.js'
import { catalogue } from '../catalogue'
import { validationCases as cases } from '../validationCases'
import { labApi } from '../pages/SharePage'

const v = catalogue('en', 'validation')

test.beforeAll(() => {
  initSync({ module: readFileSync(new URL('../../web/engine/pkg/aqm_engine_bg.wasm', import.meta.url)) })
})

/** The address "Open in the lab" of one case leads to, as the Validation page writes it. */
async function openHref(page: Page, id: string): Promise<string> {
  const href = await page.getByRole('link', { name: v('open_named', { id }) }).getAttribute('href')
  expect(href).not.toBeNull()
  return href ?? ''
}

test('red-newreno-10f-10m in the lab gives the utilisation and mean queue the Validation page shows', async ({
  page,
  teach,
}) => {
  test.setTimeout(300_000)
  const id = 'red-newreno-10f-10m'
  await teach.goto('?view=validation')
  const card = page.locator(`[data-testid="validation-case"][data-case="${id}"]`)
  const ours = async (metric: string) => card.locator(`tr[data-metric="${metric}"]`).getAttribute('data-ours')
  await expect.poll(() => ours('utilisation'), { timeout: 240_000 }).not.toBe('')
  const util = Number(await ours('utilisation'))
  const queue = Number(await ours('mean_queue_pkts'))
  const href = await openHref(page, id)

  await page.goto(`${href}&speed=max`)
  const lab = labApi(page)
  await expect.poll(() => page.evaluate(() => (window.__aqm?.algorithms().length ?? 0) > 0)).toBe(true)
  await page.getByRole('button', { name: teach.app('transport.play'), exact: true }).click()
  await expect(page.getByTestId('run-end')).toBeVisible({ timeout: 240_000 })
  await expect.poll(async () => (await page.evaluate(() => window.__aqm?.summary() ?? null))?.measured_to_s).toBe(30)
  const summary = await page.evaluate(() => window.__aqm?.summary() ?? null)
  expect(summary?.utilisation).toBe(util)
  expect(summary?.mean_queue_pkts).toBe(queue)
  expect(await lab.scenario()).toMatchObject({ profile: 'ns3' })
  expect(teach.consoleErrors).toEqual([])
})

test('every case opens in the lab as the model the Validation page ran (same discipline, same trace)', async ({
  page,
  teach,
}) => {
  test.setTimeout(400_000)
  await teach.goto('?view=validation')
  const hrefs = new Map<string, string>()
  for (const c of cases) hrefs.set(c.id, await openHref(page, c.id))
  const seconds = 2
  for (const c of cases) {
    // The Validation page runs the case's own JSON: the engine's discipline and trace for it.
    const sim = new Simulation(JSON.stringify(c.scenario))
    const aqm: unknown = JSON.parse(sim.aqm())
    sim.run_for(seconds)
    const digest = trace_digest(sim.take_samples())
    sim.free()

    await page.goto(`${hrefs.get(c.id)}&speed=max`)
    const lab = labApi(page)
    await expect.poll(() => lab.aqm(), { message: c.id }).toEqual(aqm)
    await page.getByRole('button', { name: teach.app('transport.play'), exact: true }).click()
    await expect.poll(() => lab.digest(seconds), { message: c.id, timeout: 120_000 }).toBe(digest)
  }
  expect(teach.consoleErrors).toEqual([])
})
