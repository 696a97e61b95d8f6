import { test, expect } from '../fixtures'

test.use({ locale: 'ko-KR', uiLanguage: 'ko' })

test('a Korean browser opens the page in Korean, algorithm names included', async ({ app, sim }) => {
  await expect(app.playButton).toBeVisible()
  await expect(app.languagePicker).toHaveValue('ko')
  await expect(app.algorithm.locator('option:checked')).toHaveText(app.t('algorithms.droptail.name'))
  // Engine messages keep their English text inside a Korean frame.
  await app.flowGroup(1).count.fill('20000')
  await app.applyButton.click()
  await expect(app.flowGroup(1).error).toContainText(app.t('errors.engine', { detail: '' }).replace(/<\/?en>/g, '').trim())
  await expect(app.flowGroup(1).error).toContainText('flows[0].count must be within')
  expect(await sim.totalFlows()).toBe(5)
})
