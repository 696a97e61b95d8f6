// Specs import `test` and `expect` from here: every test gets a loaded AppPage and a SimApi, or, for the
// pages it opens itself, a TeachPage (the teaching views) or a SharePage (links, exports, the embed).
// `uiLanguage` is the language the page is expected to open in (with `test.use({ locale })`).
import { test as base, expect } from '@playwright/test'
import type { Language } from './catalogue'
import { AppPage } from './pages/AppPage'
import { SharePage } from './pages/SharePage'
import { TeachPage } from './pages/TeachPage'
import { SimApi } from './simApi'

export const test = base.extend<{
  uiLanguage: Language
  app: AppPage
  sim: SimApi
  teach: TeachPage
  share: SharePage
}>({
  uiLanguage: ['en', { option: true }],
  app: async ({ page, uiLanguage }, use) => {
    const app = new AppPage(page, uiLanguage)
    await app.goto()
    await use(app)
  },
  sim: async ({ app }, use) => {
    const sim = new SimApi(app.page)
    await expect.poll(() => sim.ready(), { message: 'engine announced its algorithms' }).toBe(true)
    await use(sim)
  },
  // Nothing opened yet: the test goes where it starts.
  teach: async ({ page }, use) => use(new TeachPage(page)),
  share: async ({ page }, use) => use(new SharePage(page)),
})

export { expect }
