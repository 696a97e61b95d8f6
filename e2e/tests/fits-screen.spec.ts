import { test, expect } from '../fixtures'

test.use({ viewport: { width: 1280, height: 720 } })

const pageScroll = (app: { page: import('@playwright/test').Page }) =>
  app.page.evaluate(() => {
    const s = document.scrollingElement
    return { vertical: (s?.scrollHeight ?? 0) - innerHeight, horizontal: (s?.scrollWidth ?? 0) - innerWidth }
  })

test('the main view fits 1280×720 without a page scrollbar, also with a long parameter list and large text', async ({
  app,
  sim,
}) => {
  expect(await sim.ready()).toBe(true)
  expect(await pageScroll(app)).toEqual({ vertical: 0, horizontal: 0 })

  await app.algorithm.selectOption('wred') // the longest parameter list
  await expect.poll(async () => (await sim.aqm())?.kind).toBe('wred')
  expect(await pageScroll(app)).toEqual({ vertical: 0, horizontal: 0 })

  await app.largeTypeButton.click()
  await expect(app.page.locator('html')).toHaveAttribute('data-type-size', 'large')
  expect(await pageScroll(app)).toEqual({ vertical: 0, horizontal: 0 })
  await expect(app.playButton).toBeInViewport()
  await expect(app.applyButton).toBeInViewport()
})
