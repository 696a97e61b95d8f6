// Issue 27 item 8: the Validation page's headline counts metrics within and outside tolerance as they are (a
// recorded gap is outside tolerance, not a softer third kind), every recorded reason is a plain sentence
// about the model (no dates, file names or field names), in English and Korean, and a goodput above the
// link's capacity is marked as a window too short to measure it.
import { test, expect } from '@playwright/test'
import { catalogue, type Language } from '../catalogue'
import { TeachPage } from '../pages/TeachPage'
import { validationCases as cases } from '../validationCases'

const METRICS = 6
const recordedGaps = cases.reduce((n, c) => n + (c.expect === 'agree' ? 0 : Object.keys(c.expect).length), 0)
/** What a reason must not read like: a changelog or a code reference. */
const INTERNAL = /\d{4}-\d{2}-\d{2}|\.rs\b|docs\/|[a-z]+_[a-z]+|Scenario::|UPDATE_/

for (const lang of ['en', 'ko'] as Language[]) {
  test(`the headline counts outside tolerance honestly and reasons are plain sentences (${lang})`, async ({ page }) => {
    test.setTimeout(300_000)
    const teach = new TeachPage(page, lang)
    const v = catalogue(lang, 'validation')
    await teach.goto(`?view=validation&lang=${lang}`)
    await expect(page.getByTestId('validation-progress')).toHaveText(v('finished', { total: cases.length }), {
      timeout: 240_000,
    })
    const tally = page.getByTestId('validation-tally')
    const n = async (key: string) => Number(await tally.getAttribute(`data-${key}`))
    const [within, outside, known, skipped] = [
      await n('within'),
      await n('outside'),
      await n('known'),
      await n('skipped'),
    ]
    expect(within + outside + skipped).toBe(METRICS * cases.length)
    // Every recorded gap is outside tolerance and counted there.
    expect(known).toBe(recordedGaps)
    expect(outside).toBeGreaterThanOrEqual(recordedGaps)
    await expect(tally).toHaveText(v('tally', { within, outside, compared: within + outside, known, skipped }))
    // The verdict of a recorded gap says "outside tolerance" too.
    await expect(page.locator('.verdict-known_gap').first()).toHaveText(
      new RegExp(`^${v('verdict.known_gap').replace(/[()]/g, '\\$&')}`),
    )

    // The ns-3 cases' recorded reasons (the theory section's tables, above them, carry notes of their own).
    const reasons = await page
      .getByTestId('validation-case')
      .locator('.validation-table .gap-reason:not([data-testid])')
      .allTextContents()
    expect(reasons).toHaveLength(recordedGaps)
    for (const r of reasons) expect(r, r).not.toMatch(INTERNAL)
    if (lang === 'ko') for (const r of reasons) expect(r, r).toMatch(/[가-힣]/)

    // Goodput above the link's capacity (ns-3's or this engine's, by more than 1 %) is marked, and only there.
    for (const c of cases) {
      const row = page.locator(`[data-case="${c.id}"] tr[data-metric="goodput_mbps"]`)
      const ours = Number(await row.getAttribute('data-ours'))
      const ns3 = c.ns3.metrics.goodput_mbps ?? 0
      const over = Math.max(ours, ns3) > 1.01 * c.scenario.link.rate_mbps
      await expect(row.getByTestId('goodput-over-capacity'), c.id).toHaveCount(over ? 1 : 0)
    }
    await expect(
      page.locator('[data-case="droptail-newreno-100f-1g"]').getByTestId('goodput-over-capacity'),
    ).toHaveCount(1)
    expect(teach.consoleErrors).toEqual([])
  })
}
