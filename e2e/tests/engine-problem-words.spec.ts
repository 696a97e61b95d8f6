import AxeBuilder from '@axe-core/playwright'
import { test, expect } from '../fixtures'
import { catalogue } from '../catalogue'
import { SharePage, labApi } from '../pages/SharePage'

// Issue 15 (typed problems across the wasm boundary) and issue 14 item 19: a refusal reaches the reader in
// the page's language, naming the field as the form labels it. The engine hands the page its problem as
// data (kind, field, bounds, unit, got); no English sentence of the engine is read.
test.describe('in Korean', () => {
  test.use({ locale: 'ko-KR', uiLanguage: 'ko' })

  test('a link with a link rate of 0 names the Korean field', async ({ page }) => {
    const share = new SharePage(page, 'ko')
    const app = catalogue('ko', 'app')
    await share.open('?lang=ko&v=1&rate=0')
    await expect(share.problems).toBeVisible()
    await expect(share.problems).toContainText(app('link.rate'))
    await expect(share.problems).not.toContainText('link.rate_mbps')
    await share.button('problems.nearest').click()
    await expect(share.problems).toBeHidden()
    await expect.poll(() => labApi(page).scenario()).toMatchObject({ link: { rate_mbps: 0.01 } })
  })

  test('an RTT below twice the link delay, typed in the editor, is refused in Korean beside the field', async ({
    app,
    sim,
    page,
  }) => {
    const words = catalogue('ko', 'problems')
    const delay = app.field('link.delay')
    await delay.input.fill('50')
    await app.applyButton.click()
    const twice = words('kinds.out_of_range_twice', {
      field: words('field.group', { label: app.t('flows.rttMin'), n: 1 }),
      other: app.t('link.delay'),
      lo: '100',
      hi: '60,000',
      unit: ' ms',
      got: '40',
    })
    await expect(page.getByRole('alert').filter({ hasText: twice })).toHaveCount(1)
    await expect(page.getByText('must be within')).toHaveCount(0)
    expect(await sim.linkRate()).toBe(10) // the run kept its last good scenario
    // The worded refusal beside its field leaves the lab at 0 axe violations (as a11y-axe.spec.ts checks).
    const result = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
      .withRules(['label-content-name-mismatch'])
      .analyze()
    expect(result.violations.map((x) => `${x.id}: ${x.nodes.map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([])
  })
})
