import { test, expect } from '../fixtures'

test.use({ locale: 'ko-KR', uiLanguage: 'ko' })

test('a Korean browser opens the page in Korean, algorithm names included', async ({ app, sim }) => {
  await expect(app.playButton).toBeVisible()
  await expect(app.languagePicker).toHaveValue('ko')
  await expect(app.algorithm.locator('option:checked')).toHaveText(app.t('algorithms.droptail.name'))
  // A value out of range is flagged at once, in Korean, naming the field as the Korean form labels it.
  await app.flowGroup(1).count.fill('20000')
  await expect(app.flowGroup(1).error).toHaveText(
    app.t('scenario.fieldErrors.range', { field: app.t('flows.count'), min: '1', max: '10,000', unit: '' }),
  )
  await expect(app.applyButton).toBeDisabled()
  expect(await sim.totalFlows()).toBe(5)
})
