// Issue 14, item 23: axe-core finds nothing on any view, in the light and the dark theme. The rule set is
// WCAG 2.1 A/AA plus axe's best practices, and label-content-name-mismatch (a link's name must contain
// its visible words, WCAG 2.5.3), which axe ships switched off as experimental.
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { test, expect } from '../fixtures'
import { labApi } from '../pages/SharePage'
import { TeachPage } from '../pages/TeachPage'

const views: Array<{ name: string; search: string; ready(page: Page): Promise<void> }> = [
  { name: 'lab', search: './?v=1&aqm=red', ready: (p) => expect.poll(() => labApi(p).ready()).toBe(true) },
  { name: 'gallery', search: './?view=gallery', ready: (p) => expect(p.getByTestId('preset-card-red-vs-droptail')).toBeVisible() },
  { name: 'compare', search: './?view=compare&preset=red-vs-droptail', ready: (p) => expect(p.getByTestId('compare-side-1')).toBeVisible() },
  {
    // With its difference summary: the "better"/"worse" deltas are coloured text.
    name: 'compare, summary',
    search: './?view=compare&preset=red-vs-droptail',
    ready: (p) => expect(p.getByRole('region', { name: new TeachPage(p).t('compare.summary') })).toHaveAttribute('data-complete', 'true', { timeout: 90_000 }),
  },
  { name: 'sweep', search: './?view=sweep', ready: (p) => expect(p.getByRole('button').first()).toBeVisible() },
  { name: 'walkthrough', search: './?view=walkthrough&lesson=red-vs-droptail', ready: (p) => expect(p.getByRole('main').first()).toBeVisible() },
  { name: 'embed', search: './?embed=1&views=system,queue,curve&controls=play,min_th&caption=RED', ready: (p) => expect.poll(() => labApi(p).ready()).toBe(true) },
  {
    // Every case drawn with the engine's numbers (the tally appears once all cases have run).
    name: 'validation',
    search: './?view=validation',
    ready: (p) => expect(p.getByTestId('validation-tally')).toBeVisible({ timeout: 110_000 }),
  },
  { name: 'unknown preset', search: './?preset=nope', ready: (p) => expect(p.getByTestId('preset-card-red-vs-droptail')).toBeVisible() },
]

for (const scheme of ['light', 'dark'] as const) {
  for (const v of views) {
    test(`axe: ${v.name}, ${scheme}`, async ({ page }) => {
      test.setTimeout(120_000)
      await page.emulateMedia({ colorScheme: scheme })
      await page.goto(v.search)
      await v.ready(page)
      // Every view wears the theme (the teaching views used to stay light).
      await expect(page.locator('html')).toHaveAttribute('data-theme', scheme)
      // Charts draw on the next frames; give the page a moment of real content before checking.
      await page.waitForFunction(() => document.fonts.status === 'loaded')
      const result = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
        .withRules(['label-content-name-mismatch'])
        .analyze()
      const found = result.violations.map((x) => `${x.id} (${x.impact}): ${x.nodes.length}× ${x.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')} — ${x.nodes[0]?.failureSummary?.split('\n').slice(0, 2).join(' ')}`)
      expect(found).toEqual([])
    })
  }
}
