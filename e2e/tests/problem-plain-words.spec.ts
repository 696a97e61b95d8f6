// Issue 27 (walk E24, E20): what the page says about a refused scenario is a plain sentence in the reader's
// language that names the field as the form labels it. The scenario's paths ("(link.atm)", "aqm.min_th"),
// Rust's range notation ("0.1..=36000") and the engine's own English sentence stay out of it; that sentence,
// paths and all, is kept under "Details" for whoever wants it.
import { SharePage } from '../pages/SharePage'
import { test, expect } from '../fixtures'
import { catalogue, type Language } from '../catalogue'

/** Paths into the scenario, Rust ranges, or the engine's "aqm: …" prefix. */
const DEVELOPER = /\b(aqm|link|flows)(\.|\[)|\.\.=|\baqm:/

for (const lng of ['en', 'ko'] as const satisfies readonly Language[]) {
  test.describe(lng, () => {
    test.use({ locale: lng === 'ko' ? 'ko-KR' : 'en-GB', uiLanguage: lng })

    test('refusals from a link are plain sentences; the engine sentence is under Details', async ({ page }) => {
      const app = catalogue(lng, 'app')
      const problems = catalogue(lng, 'problems')
      const share = new SharePage(page, lng)
      const visible = async () => {
        await expect(share.problems).toBeVisible()
        // What shows without opening Details.
        return share.problems.evaluate((el) => {
          const copy = el.cloneNode(true) as HTMLElement
          copy.querySelectorAll('details').forEach((d) => d.remove())
          return copy.textContent ?? ''
        })
      }

      // GFR without ATM cells: a discipline's own rule.
      await share.open(`?lang=${lng}&v=2&aqm=gfr`)
      let text = await visible()
      expect(text).not.toMatch(DEVELOPER)
      expect(text).toContain(app('link.atm'))
      expect(text).toContain(app('algorithm.label'))
      const details = share.problems.locator('details')
      await expect(details).toHaveCount(1)
      await expect(details.locator('code')).toBeHidden() // folded
      await details.locator('summary').click()
      await expect(details.locator('code')).toHaveText(/\(link\.atm\)/)

      // A run far too long: the page's own check, worded without Rust's range notation.
      await share.open(`?lang=${lng}&v=2&duration=100000`)
      text = await visible()
      expect(text).not.toMatch(DEVELOPER)
      expect(text).toContain(app('run.duration'))

      // RED's thresholds the wrong way round: named as RED's panel names them.
      await share.open(`?lang=${lng}&v=2&aqm=red&min_th=50&max_th=30`)
      text = await visible()
      expect(text).not.toMatch(DEVELOPER)
      expect(text).toContain(app('algorithms.red.params.min_th'))
      expect(text).toContain(app('algorithms.red.params.max_th'))
      expect(text).not.toContain('min_th')

      // Too many flows in a group.
      await share.open(`?lang=${lng}&v=2&flows=1e6`)
      text = await visible()
      expect(text).not.toMatch(DEVELOPER)
      expect(problems('details')).not.toBe('')
    })
  })
}
