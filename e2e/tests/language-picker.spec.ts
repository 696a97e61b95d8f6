import { test, expect } from '../fixtures'

test('the language picker switches the page to Korean and the choice survives a reload', async ({ app, sim }) => {
  expect(await sim.ready()).toBe(true)
  await app.languagePicker.selectOption('ko')

  const ko = app.inLanguage('ko')
  await expect(ko.playButton).toBeVisible()
  await expect(app.playButton).toHaveCount(0)
  await expect(ko.algorithm).toBeVisible()
  await expect(app.page.locator('html')).toHaveAttribute('lang', 'ko')
  await expect(app.page).toHaveTitle(ko.t('title'))

  await app.page.reload()
  await expect(ko.playButton).toBeVisible()
  await expect(ko.languagePicker).toHaveValue('ko')
  expect(app.consoleErrors).toEqual([])
})
