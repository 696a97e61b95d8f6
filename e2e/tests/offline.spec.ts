// Issue 17, offline: after the first visit the service worker (web/pwa/sw.js, docs/offline.md) holds the
// app, the engine's wasm and the presets, so with the network gone a reload still opens the lab and Play
// runs. The suite blocks service workers (playwright.config.ts); this file allows them.
import { readFileSync, writeFileSync } from 'node:fs'
import { test, expect } from '../fixtures'
import { AppPage } from '../pages/AppPage'
import { SimApi } from '../simApi'
import { catalogue } from '../catalogue'

test.use({ serviceWorkers: 'allow' })

test('with the network off after the first visit, a reload opens the lab and Play runs', async ({ page, context }) => {
  const app = new AppPage(page, 'en')
  await app.goto()
  const sim = new SimApi(page)
  await expect.poll(() => sim.ready()).toBe(true)
  // The first visit installs the worker, which precaches every file and then takes control of the page.
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 60_000 })
    .toBe(true)

  await context.setOffline(true)
  expect(
    await page.evaluate(() =>
      fetch('./favicon.svg', { cache: 'no-store' }).then(
        () => 'cached',
        () => 'failed',
      ),
    ),
  ).toBe('cached')
  await page.reload()
  await expect.poll(() => sim.ready(), { message: 'engine loaded offline' }).toBe(true)
  await app.playButton.click()
  await expect.poll(() => sim.simTime()).toBeGreaterThan(0.5)
  // A preset (fetched JSON) opens offline too.
  await page.goto('./?preset=seed000-red-ared-qvared')
  await expect(page.getByTestId('preset-info')).toBeVisible()
  await context.setOffline(false)
})

test('a new version installs beside the running one and the page offers to reload into it', async ({ page }) => {
  const app = new AppPage(page, 'en')
  const t = catalogue('en', 'pwa')
  await app.goto()
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 60_000 })
    .toBe(true)
  await expect(page.getByTestId('update-prompt')).toHaveCount(0)
  // Deploy a new version: the served sw.js with another VERSION, as a rebuild with any change writes it.
  // (Only this file's tests let a service worker run, so no other spec sees it; restored below.)
  const swPath = new URL(`../../${process.env.E2E_DIST ?? 'dist'}/sw.js`, import.meta.url)
  const original = readFileSync(swPath, 'utf8')
  writeFileSync(swPath, original.replace(/const VERSION = "[0-9a-f]+"/, 'const VERSION = "next"'))
  try {
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()))
  } finally {
    writeFileSync(swPath, original)
  }
  const prompt = page.getByTestId('update-prompt')
  await expect(prompt).toContainText(t('update.available'))
  await prompt.getByRole('button', { name: t('update.reload') }).click()
  // The page reloads under the new worker, which has replaced the old cache with its own.
  // (An evaluate that meets the reload itself is just another poll: the context it ran in is gone.)
  await expect.poll(() => page.evaluate(() => caches.keys()).catch(() => null)).toEqual(['aqm-lab-next'])
  await expect(page.getByTestId('update-prompt')).toHaveCount(0)
})
