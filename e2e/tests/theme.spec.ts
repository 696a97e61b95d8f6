import { test, expect } from '../fixtures'

test('the dark theme is set on <html> and survives a reload', async ({ app }) => {
  const html = app.page.locator('html')
  await expect(html).toHaveAttribute('data-theme', 'light')
  const lightBackground = await app.page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)

  await app.themePicker.selectOption('dark')
  await expect(html).toHaveAttribute('data-theme', 'dark')
  expect(await app.page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)).not.toBe(
    lightBackground,
  )

  await app.page.reload()
  await expect(html).toHaveAttribute('data-theme', 'dark')
  await expect(app.themePicker).toHaveValue('dark')
})

test('until one is picked, the theme follows the system colour scheme', async ({ app }) => {
  const html = app.page.locator('html')
  await expect(app.themePicker).toHaveValue('system')
  await app.page.emulateMedia({ colorScheme: 'dark' })
  await expect(html).toHaveAttribute('data-theme', 'dark')
  await app.page.emulateMedia({ colorScheme: 'light' })
  await expect(html).toHaveAttribute('data-theme', 'light')
})

test('large text is a pressed toggle that enlarges the type and persists', async ({ app }) => {
  const html = app.page.locator('html')
  const size = () => app.page.evaluate(() => parseFloat(getComputedStyle(document.documentElement).fontSize))
  const normal = await size()
  await app.largeTypeButton.click()
  await expect(app.largeTypeButton).toHaveAttribute('aria-pressed', 'true')
  await expect(html).toHaveAttribute('data-type-size', 'large')
  expect(await size()).toBeGreaterThan(normal)
  await app.page.reload()
  await expect(html).toHaveAttribute('data-type-size', 'large')
})
