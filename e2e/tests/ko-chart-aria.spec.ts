import type { Locator } from '@playwright/test'
import { test, expect } from '../fixtures'
import { catalogue } from '../catalogue'

// Issue 27 (walk E23): in Korean, what a screen reader hears of the charts is Korean too. The handles and
// grips are named from the catalogue (the engine's parameter labels are English: "min threshold"), and the
// charts' own names name the algorithm in Korean.
test.use({ locale: 'ko-KR', uiLanguage: 'ko' })

/** Every accessible name and tooltip inside `chart`. */
async function names(chart: Locator): Promise<string[]> {
  return chart.evaluate((el) => [
    ...[el, ...el.querySelectorAll('[aria-label]')].map((n) => n.getAttribute('aria-label') ?? ''),
    ...[...el.querySelectorAll('title')].map((n) => n.textContent ?? ''),
  ])
}

// English words the engine's labels are made of (a parameter's symbol such as max_p is not a word).
const ENGLISH = /\b(threshold|target|sojourn|probability|reference|delay|queue|drop|early|detection|weight)\b/i

test('chart handles, grips and chart names are Korean', async ({ page, openLab, share }) => {
  const app = catalogue('ko', 'app')
  const charts = catalogue('ko', 'charts')
  const { sim } = await openLab('./?v=1&aqm=red&min_th=5&max_th=15')
  await expect.poll(async () => (await sim.aqm())?.kind).toBe('red')
  const queue = page.getByTestId('queue-chart')
  const curve = page.getByTestId('probability-curve')
  for (const name of ['min_th', 'max_th']) {
    const label = charts('handle.label', { label: app(`algorithms.red.params.${name}`) })
    await expect(queue.getByRole('slider', { name: label, exact: true })).toHaveCount(1)
    await expect(curve.getByRole('slider', { name: label, exact: true })).toHaveCount(1)
  }
  const maxP = charts('handle.label', { label: app('algorithms.red.params.max_p') })
  await expect(curve.getByRole('slider', { name: maxP, exact: true })).toHaveCount(1)
  await expect(curve.locator('[aria-label]').first()).toBeAttached()
  expect(await names(curve)).toContain(charts('curve.aria', { label: app('algorithms.red.name') }))
  for (const chart of [queue, curve]) {
    const english = (await names(chart)).filter((n) => ENGLISH.test(n))
    expect(english).toEqual([])
  }

  // CoDel's target on the delay chart, and PIE's, whose probability chart is a trace over time.
  await share.open('./?v=1&aqm=codel')
  await expect.poll(async () => (await sim.aqm())?.kind).toBe('codel')
  const delay = page.getByTestId('delay-chart')
  await expect(delay.getByRole('slider').first()).toBeAttached()
  expect((await names(delay)).filter((n) => ENGLISH.test(n))).toEqual([])
  await expect(
    delay.getByRole('slider', {
      name: charts('handle.label', { label: app('algorithms.codel.params.target') }),
      exact: true,
    }),
  ).toHaveCount(1)
})
