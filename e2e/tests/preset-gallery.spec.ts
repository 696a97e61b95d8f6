// The preset gallery: a card for every seed paper, each opening in the lab with its scenario loaded and
// its teaching text (source, what to look for, the paper's result) beside the charts.
import { readFileSync } from 'node:fs'
import { test, expect } from '../fixtures'
import { TeachPage } from '../pages/TeachPage'

const preset = (id: string) =>
  JSON.parse(readFileSync(new URL(`../../public/presets/${id}.json`, import.meta.url), 'utf8'))

test('the gallery opens a seed preset in the lab with its scenario and its text beside the charts', async ({
  page,
  teach,
}) => {
  await teach.goto('?view=gallery')
  // Seed presets are credited to their papers (title, authors, year), not to file names.
  await expect(page.getByTestId('paper-cite')).toHaveCount(5)
  await expect(page.getByText(/\d{3}_[0-9a-f]{6,}\.txt|seed \d{3}/)).toHaveCount(0)
  const p = preset('seed004-reno-vegas')
  await teach
    .card(p.id)
    .getByRole('link', { name: teach.t('gallery.open_named', { title: p.title.en }) })
    .click()
  await expect(page).toHaveURL(/[?&]preset=seed004-reno-vegas/)

  await expect(teach.presetInfo).toBeVisible()
  await expect(teach.presetInfo.getByTestId('preset-source')).toHaveText(teach.t('source.paper'))
  await expect(teach.presetInfo.getByTestId('paper-cite')).toContainText(
    'A New Queueing Algorithm for Improving Fairness between TCP Flows',
  )
  await expect(teach.presetInfo.getByTestId('paper-cite')).toContainText('Hyun-Seok Chae, Myung-Ryul Choi · 2004')
  await expect(teach.presetInfo.getByTestId('paper-result')).toHaveText(p.paper_result.en)
  await expect(teach.presetInfo).toContainText(p.look_for.en)
  // The lab runs the preset's scenario, not the default one.
  await expect
    .poll(() => page.evaluate(() => JSON.stringify(window.__aqm?.scenario() ?? null)))
    .toBe(JSON.stringify(p.scenario))
  await expect(page.getByRole('button', { name: teach.app('transport.play'), exact: false }).first()).toBeEnabled()
  expect(teach.consoleErrors).toEqual([])
})

test('the gallery filters by source and speaks Korean', async ({ page }) => {
  const teach = new TeachPage(page, 'ko')
  await teach.goto('?view=gallery&lang=ko')
  await page.getByRole('button', { name: teach.t('gallery.filter_seed') }).click()
  await expect(page.getByRole('list', { name: teach.t('gallery.list') }).getByRole('listitem')).toHaveCount(5)
  const p = preset('seed000-red-ared-qvared')
  await expect(teach.card(p.id).getByRole('heading', { name: p.title.ko })).toBeVisible()
  await page.getByRole('button', { name: teach.t('gallery.filter_rfc') }).click()
  await expect(page.getByTestId('preset-source').first()).toContainText('RFC 7928')
  expect(teach.consoleErrors).toEqual([])
})
