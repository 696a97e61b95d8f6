// Issue 17, offline: after the first visit the service worker (web/pwa/sw.js, docs/offline.md) holds the
// app, the engine's wasm and the presets, so with the network gone a reload still opens the lab and Play
// runs. The suite blocks service workers (playwright.config.ts); this file allows them.
import { test, expect } from '../fixtures'
import { AppPage } from '../pages/AppPage'
import { SimApi } from '../simApi'

test.use({ serviceWorkers: 'allow' })

test('with the network off after the first visit, a reload opens the lab and Play runs', async ({ page, context }) => {
  const app = new AppPage(page, 'en')
  await app.goto()
  const sim = new SimApi(page)
  await expect.poll(() => sim.ready()).toBe(true)
  // The first visit installs the worker, which precaches every file and then takes control of the page.
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 60_000 }).toBe(true)

  await context.setOffline(true)
  expect(await page.evaluate(() => fetch('./favicon.svg', { cache: 'no-store' }).then(() => 'cached', () => 'failed'))).toBe('cached')
  await page.reload()
  await expect.poll(() => sim.ready(), { message: 'engine loaded offline' }).toBe(true)
  await app.playButton.click()
  await expect.poll(() => sim.simTime()).toBeGreaterThan(0.5)
  // A preset (fetched JSON) opens offline too.
  await page.goto('./?preset=seed000-red-ared-qvared')
  await expect(page.getByTestId('preset-info')).toBeVisible()
  await context.setOffline(false)
})
