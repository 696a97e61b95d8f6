// Specs import `test` and `expect` from here: every test gets a loaded AppPage and a SimApi, or, for a test
// that starts from a link, `openLab(search)`, which loads the lab there once and hands out both; for the
// pages it opens itself, a TeachPage (the teaching views) or a SharePage (links, exports, the embed).
// `uiLanguage` is the language the page is expected to open in (with `test.use({ locale })`).
import { test as base, expect, type Page } from '@playwright/test'
import type { Language } from './catalogue'
import { AppPage } from './pages/AppPage'
import { SharePage } from './pages/SharePage'
import { TeachPage } from './pages/TeachPage'
import { SimApi } from './simApi'

/** The lab opened at `search` (relative to the lab, `./?v=2&aqm=red`), once the engine runs. */
export type OpenLab = (search: string) => Promise<{ app: AppPage; sim: SimApi }>

async function opened(page: Page, language: Language, search: string): Promise<AppPage> {
  const app = new AppPage(page, language)
  await app.goto(search)
  return app
}

async function running(page: Page): Promise<SimApi> {
  const sim = new SimApi(page)
  await expect.poll(() => sim.ready(), { message: 'engine announced its algorithms' }).toBe(true)
  return sim
}

export const test = base.extend<{
  uiLanguage: Language
  app: AppPage
  sim: SimApi
  openLab: OpenLab
  teach: TeachPage
  share: SharePage
}>({
  uiLanguage: ['en', { option: true }],
  // The default lab.
  app: async ({ page, uiLanguage }, use) => use(await opened(page, uiLanguage, './')),
  sim: async ({ app }, use) => use(await running(app.page)),
  // Instead of `app` and `sim`, which would load the default lab first.
  openLab: async ({ page, uiLanguage }, use) =>
    use(async (search) => ({ app: await opened(page, uiLanguage, search), sim: await running(page) })),
  // Nothing opened yet: the test goes where it starts.
  teach: async ({ page }, use) => use(new TeachPage(page)),
  share: async ({ page }, use) => use(new SharePage(page)),
})

export { expect }
