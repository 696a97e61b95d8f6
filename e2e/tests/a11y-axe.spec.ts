// Issue 14, item 23: axe-core finds nothing on any view, in the light and the dark theme. The rule set is
// WCAG 2.1 A/AA plus axe's best practices, and label-content-name-mismatch (a link's name must contain
// its visible words, WCAG 2.5.3), which axe ships switched off as experimental.
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { catalogue } from '../catalogue'
import { test, expect } from '../fixtures'
import { SharePage, labApi } from '../pages/SharePage'
import { TeachPage } from '../pages/TeachPage'
import { classFiles, replayQuery } from '../classFiles'

/** Ready once the element with this test id shows (within `timeout` ms). */
const shows = (testId: string, timeout?: number) => (p: Page) => expect(p.getByTestId(testId)).toBeVisible({ timeout })
/** Ready once the lab's engine runs. */
const labRunning = (p: Page) => expect.poll(() => labApi(p).ready()).toBe(true)
/** Ready once the sweep has run and drawn `count` elements with this test id. */
const swept = (testId: string, count: number) => async (p: Page) => {
  await new TeachPage(p).runSweep(100_000)
  await expect(p.getByTestId(testId)).toHaveCount(count)
}
/** Two sides' queue delay over two buffer sizes (more runs or a second parameter added below). */
const BUFFER_SWEEP =
  './?view=sweep&preset=bufferbloat-codel-pie&param=link.buffer&values=50,200&metric=delay_ms.mean&sides=0,1'

const views: Array<{ name: string; search: string; ready(page: Page): Promise<void> }> = [
  {
    // A session replayed to its end, its actions on the time axis and in the table.
    name: 'session replay',
    search: replayQuery,
    ready: (p) => expect(p.getByTestId('replay-position')).toHaveAttribute('data-done', 'true', { timeout: 60_000 }),
  },
  {
    // Students' files side by side, with the message about a file that is neither.
    name: 'class view',
    search: './?view=class',
    ready: async (p) => {
      await p.getByLabel(catalogue('en', 'class')('pick')).setInputFiles(classFiles())
      await expect(p.getByTestId('class-table').locator('tbody tr')).toHaveCount(4)
    },
  },
  { name: 'lab', search: './?v=1&aqm=red', ready: labRunning },
  { name: 'gallery', search: './?view=gallery', ready: shows('preset-card-red-vs-droptail') },
  { name: 'compare', search: './?view=compare&preset=red-vs-droptail', ready: shows('compare-side-1') },
  {
    // With its difference summary: the "better"/"worse" deltas are coloured text.
    name: 'compare, summary',
    search: './?view=compare&preset=red-vs-droptail',
    ready: async (p) => {
      await new TeachPage(p).differenceComplete(90_000)
    },
  },
  {
    // Five runs a side with a "not significant" difference and its note, and side A's folded charts open.
    name: 'compare, replications and more charts',
    search: './?view=compare&preset=rfc7928-unresponsive&sides=0,1&runs=5',
    ready: async (p) => {
      await expect(p.getByTestId('significance-note')).toBeVisible({ timeout: 100_000 })
      await p.getByTestId('compare-side-0').getByTestId('compare-more-charts').locator('summary').click()
      await expect(p.getByTestId('compare-side-0').locator('canvas').first()).toBeVisible()
    },
  },
  { name: 'sweep', search: './?view=sweep', ready: (p) => expect(p.getByRole('button').first()).toBeVisible() },
  {
    // Replicated points with error bars and the RFC 7928 view (ellipses, box plots).
    name: 'sweep, replicated results',
    search: `${BUFFER_SWEEP}&runs=3`,
    ready: swept('rfc7928-ellipse', 4),
  },
  {
    // A 2-D sweep's heatmaps.
    name: 'sweep, heatmap',
    search: `${BUFFER_SWEEP}&param2=link.rate_mbps&values2=5,10&runs=2`,
    ready: async (p) => {
      await swept('sweep-heatmap', 2)(p)
      // With its table of values open.
      await p.getByTestId('sweep-heatmap').first().locator('details summary').click()
      await expect(p.getByTestId('sweep-heatmap').first().locator('table')).toBeVisible()
    },
  },
  {
    name: 'walkthrough',
    search: './?view=walkthrough&lesson=red-vs-droptail',
    ready: (p) => expect(p.getByRole('main').first()).toBeVisible(),
  },
  { name: 'embed', search: './?embed=1&views=system,queue,curve&controls=play,min_th&caption=RED', ready: labRunning },
  {
    // Every case drawn with the engine's numbers (the tally appears once all cases have run).
    name: 'validation',
    search: './?view=validation',
    ready: shows('validation-tally', 110_000),
  },
  {
    // A preset whose sides ran in ns-3: its panel carries the validation badge.
    name: 'preset in the lab',
    search: './?preset=red-vs-droptail',
    ready: (p) => expect(p.getByTestId('preset-info').getByTestId('validation-badge')).toBeVisible(),
  },
  { name: 'unknown preset', search: './?preset=nope', ready: shows('preset-card-red-vs-droptail') },
  {
    // Worksheet mode and a time-varying link: locked controls, the schedule editor's rows, capacity marks.
    name: 'lab, worksheet lock and rate schedule',
    search: './?preset=capacity-drop-codel-droptail&lock=aqm,link&hide=flows',
    ready: shows('worksheet-note'),
  },
  {
    name: 'share dialog, worksheet mode',
    search: './?v=1&aqm=red',
    ready: async (p) => {
      await labRunning(p)
      const share = new SharePage(p)
      await share.openDialog()
      await share.dialog.getByLabel(share.t('worksheet.on')).check()
      await expect(share.dialog.getByTestId('allow-max_p')).toBeVisible()
    },
  },
  {
    name: 'worksheet',
    search: './?view=worksheet&preset=satellite-slot-changes',
    ready: (p) => expect(p.getByTestId('worksheet-qr').locator('svg')).toBeVisible(),
  },
  {
    name: 'worksheet of a lesson, with boxes to tick',
    search: './?view=worksheet&lesson=red-vs-codel',
    ready: (p) => expect(p.getByTestId('worksheet-qr').locator('svg')).toBeVisible(),
  },
  {
    name: 'worksheet answer key',
    search: './?view=worksheet&preset=red-vs-droptail&answers=1',
    ready: (p) => expect(p.getByTestId('answer-key')).toHaveAttribute('data-done', 'true', { timeout: 60_000 }),
  },
  { name: 'lesson, embedded', search: './?view=walkthrough&lesson=red-vs-codel&embed=1', ready: shows('walk-step') },
  {
    // The results dialog (per-flow table and delay CDF), open once the warm-up is over.
    name: 'lab, results',
    search: './?v=1&aqm=red&warmup=1&speed=8',
    ready: async (p) => {
      await labRunning(p)
      await p.getByRole('button', { name: new TeachPage(p).app('transport.play'), exact: true }).click()
      await p.getByRole('button', { name: catalogue('en', 'charts')('results.open'), exact: true }).click()
      await expect(p.getByTestId('per-flow-table')).toBeVisible({ timeout: 30_000 })
      await expect(p.getByTestId('delay-cdf').locator('svg')).toBeVisible()
    },
  },
  // Issue 27: the views and states added since, so every view is checked in both themes.
  {
    // Every lesson listed (no lesson chosen).
    name: 'lessons',
    search: './?view=walkthrough',
    ready: shows('lesson-list'),
  },
  {
    // A finished lesson, resumed from its link, with its table of full runs in KB (seed 003).
    name: 'lesson, finished, with its table',
    search: './?view=walkthrough&lesson=seed003-hred-load-step&step=4&picked=hred:between,pi:pi',
    ready: async (p) => {
      await expect(p.getByTestId('walk-summary')).toBeVisible({ timeout: 60_000 })
      await expect(p.getByTestId('walk-summary')).not.toContainText('…', { timeout: 100_000 })
    },
  },
  {
    // A preset without a sweep of its own: the suggested sweep and its note.
    name: 'sweep, suggested',
    search: './?view=sweep&preset=seed003-hred-load-step',
    ready: shows('sweep-suggested'),
  },
  { name: 'compare, embedded', search: './?view=compare&preset=red-vs-codel&embed=1', ready: shows('compare-side-1') },
  {
    // A refused link, in plain words, with the engine's sentence opened under Details.
    name: 'link problems with details',
    search: './?v=2&aqm=gfr',
    ready: async (p) => {
      const details = p.locator('.link-problems details')
      await expect(details).toHaveCount(1)
      await details.locator('summary').click()
      await expect(details.locator('code')).toBeVisible()
    },
  },
  {
    // Large text (A+), as on a projector.
    name: 'lab, large text',
    search: './?v=2&aqm=red',
    ready: async (p) => {
      await labRunning(p)
      await p.getByRole('button', { name: new TeachPage(p).app('view.largeType') }).click()
      await expect(p.locator('html')).toHaveAttribute('data-type-size', 'large')
    },
  },
  {
    name: 'embed, results',
    search: './?embed=1&views=flows,cdf&autoplay=1&warmup=1&speed=8',
    ready: shows('per-flow-table', 30_000),
  },
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
      const found = result.violations.map(
        (x) =>
          `${x.id} (${x.impact}): ${x.nodes.length}× ${x.nodes
            .slice(0, 3)
            .map((n) => n.target.join(' '))
            .join(' | ')} — ${x.nodes[0]?.failureSummary?.split('\n').slice(0, 2).join(' ')}`,
      )
      expect(found).toEqual([])
    })
  }
}
