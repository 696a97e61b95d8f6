// Specs import `test` and `expect` from here: every test gets a loaded AppPage and a SimApi.
import { test as base, expect } from '@playwright/test'
import { AppPage } from './pages/AppPage'
import { SimApi } from './simApi'

export const test = base.extend<{ app: AppPage; sim: SimApi }>({
  app: async ({ page }, use) => {
    const app = new AppPage(page)
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
