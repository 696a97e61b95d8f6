// Issue 14 item 8 (the editor): 10,000 flows made the tab unusable (≈ 3 GB before Play); the editor
// refuses more than a tab holds, at once and in words, and points to the command-line engine.
import { test, expect } from '../fixtures'

test('10,000 flows are refused in the editor with a clear message; 1,000 apply', async ({ app, sim }) => {
  const group = app.flowGroup(1)
  await group.count.fill('10000')
  const note = app.page.locator('#flows-error')
  await expect(note).toHaveText(app.t('flows.tabLimit', { max: '1,000', count: 10000 }))
  await expect(app.applyButton).toBeDisabled()
  expect(await sim.totalFlows()).toBe(5)
  // Two groups that add up to more than a tab holds are refused the same way.
  await group.count.fill('600')
  await app.page.getByRole('button', { name: `+ ${app.t('flows.add')}` }).click()
  await expect(note).toHaveText(app.t('flows.tabLimit', { max: '1,000', count: 1200 }))
  await app.flowGroup(2).count.fill('400')
  await expect(note).toHaveCount(0)
  await app.applyButton.click()
  await expect.poll(() => sim.totalFlows()).toBe(1000)
})
