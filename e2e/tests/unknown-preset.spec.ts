// Issue 14, item 16: a link to a preset or lesson that does not exist opens the app with one sentence
// saying so and the gallery to choose from, in every view that takes a preset (lab, compare, walkthrough).
import { readFileSync } from 'node:fs'
import { test, expect } from '../fixtures'
import { TeachPage } from '../pages/TeachPage'

const cases = [
  { search: '?preset=nope', key: 'status.no_preset' },
  { search: '?view=compare&preset=nope', key: 'status.no_preset' },
  { search: '?view=walkthrough&lesson=nope', key: 'walk.no_lesson' },
] as const

for (const c of cases) {
  test(`${c.search} shows the app, what was not found and the gallery`, async ({ page }) => {
    const teach = new TeachPage(page)
    await teach.goto(c.search)
    await expect(page.getByRole('alert')).toContainText(teach.t(c.key, { id: 'nope' }))
    await expect(page.getByRole('alert')).toContainText(teach.t('status.choose_below'))
    // The app's navigation and the cards are there: the student is one click from a working preset.
    await expect(page.getByRole('navigation', { name: teach.t('nav.label') })).toBeVisible()
    const cards = page.getByRole('list', { name: teach.t('gallery.list') }).getByRole('listitem')
    await expect(cards.first()).toBeVisible()
    expect(await cards.count()).toBeGreaterThanOrEqual(10)
    // The card's "open in the lab" link (the card also links to its ns-3 agreement, its lesson, ...).
    const title = JSON.parse(
      readFileSync(new URL('../../public/presets/red-vs-droptail.json', import.meta.url), 'utf8'),
    ).title.en
    await teach
      .card('red-vs-droptail')
      .getByRole('link', { name: teach.t('gallery.open_named', { title }) })
      .click()
    await expect(page).toHaveURL(/preset=red-vs-droptail/)
  })
}
