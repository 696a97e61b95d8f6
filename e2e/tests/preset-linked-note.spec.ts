import { test, expect } from '../fixtures'
import { catalogue } from '../catalogue'

// `?preset=red-vs-droptail&aqm=red` runs the link's own settings (the default lab with RED at its
// defaults), not the preset's 8 Reno flows at 15/45: the preset's panel must say so, and offer the preset
// as described. The preset's own link shows no such note.
test('a preset link with settings of its own says it runs another experiment than the panel describes', async ({
  page,
  openLab,
}) => {
  const teach = catalogue('en', 'teach')
  const { app, sim } = await openLab('./?preset=red-vs-droptail&aqm=red')
  const note = page.getByTestId('preset-linked-note')
  await expect(note).toBeVisible()
  await expect(note).toContainText(teach('status.linked_note', { keys: 'aqm' }))
  await note.getByRole('link', { name: teach('status.linked_open_alone') }).click()
  await expect(page).toHaveURL(/\?preset=red-vs-droptail$/)
  await expect.poll(() => sim.totalFlows()).toBe(8)
  await expect(page.getByTestId('preset-linked-note')).toHaveCount(0)
  expect(app.consoleErrors).toEqual([])
})
