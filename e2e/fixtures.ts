// Specs import `test` and `expect` from here: every test gets a loaded AppPage and a SimApi.
// `uiLanguage` is the language the page is expected to open in (with `test.use({ locale })`).
import { test as base, expect } from '@playwright/test'
import type { Language } from './catalogue'
import { AppPage } from './pages/AppPage'
import { SimApi } from './simApi'

export const test = base.extend<{ uiLanguage: Language; app: AppPage; sim: SimApi }>({
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
})

export { expect }
