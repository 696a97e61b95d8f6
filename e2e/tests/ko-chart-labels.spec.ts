import { test, expect } from '../fixtures'
import { catalogue } from '../catalogue'

// In Korean the thresholds drawn on the charts are named in Korean (the engine's labels are English):
// RED's min/max thresholds on the queue chart, CoDel's target on the delay chart.
test.use({ locale: 'ko-KR', uiLanguage: 'ko' })

test('threshold labels on the charts are in Korean', async ({ page, openLab, share }) => {
  const app = catalogue('ko', 'app')
  const { sim } = await openLab('./?v=1&aqm=red&min_th=5&max_th=15')
  await expect.poll(async () => (await sim.aqm())?.kind).toBe('red')
  await expect(page.getByTestId('threshold-min_th')).toHaveText(`${app('algorithms.red.params.min_th')} = 5`)
  await expect(page.getByTestId('threshold-max_th')).toHaveText(`${app('algorithms.red.params.max_th')} = 15`)
  await expect(page.getByTestId('threshold-max_th')).not.toContainText('threshold')

  await share.open('./?v=1&aqm=codel')
  await expect.poll(async () => (await sim.aqm())?.kind).toBe('codel')
  await expect(page.getByTestId('threshold-target')).toContainText(app('algorithms.codel.params.target'))
  await expect(page.getByTestId('threshold-target')).not.toContainText('Target')
})
