// Issue 17: every guided lesson opens, runs each step after a prediction and ends with its explanation, in
// English and Korean. The lessons are driven the way a student would: pick an answer, press play, wait for the
// run's verdict, go on. What each lesson says is checked against the engine natively (tests/presets.rs).
import { readFileSync } from 'node:fs'
import AxeBuilder from '@axe-core/playwright'
import type { Language } from '../catalogue'
import { test, expect } from '../fixtures'
import { TeachPage } from '../pages/TeachPage'

interface DataLesson {
  steps: { id: string; predict?: { expect?: string } }[]
}
const data = JSON.parse(readFileSync(new URL('../../web/walkthrough/lessons.json', import.meta.url), 'utf8')) as Record<
  string,
  DataLesson
>
const lessonIds = ['red-vs-droptail', ...Object.keys(data)]

/** The answer each step's run gives: the data lessons' `expect` (checked natively), red-vs-droptail's as its spec. */
function expected(lesson: string, step: string): string | undefined {
  if (lesson === 'red-vs-droptail')
    return ({ droptail: 'full', red: 'min_th', sync: 'droptail' } as Record<string, string>)[step]
  return data[lesson].steps.find((s) => s.id === step)?.predict?.expect
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

for (const lang of ['en', 'ko'] as Language[]) {
  test.describe(`lessons in ${lang}`, () => {
    test.use({ locale: lang === 'ko' ? 'ko-KR' : 'en-US', uiLanguage: lang })
    for (const id of lessonIds) {
      test(`${id}: opens, runs every step and explains what it showed (${lang})`, async ({ page }) => {
        test.setTimeout(240_000)
        const teach = new TeachPage(page, lang)
        await teach.goto(`?view=walkthrough&lesson=${id}`)
        const step = teach.walkStep
        await expect(step).toHaveAttribute('data-step', 'intro')
        await expect(step.getByRole('heading', { level: 2 })).toHaveText(teach.t(`lesson.${id}.intro.title`))
        // The lesson is listed, and marked as the current one, in the list of every lesson.
        await expect(
          page.getByTestId('lesson-list').getByRole('link', { name: teach.t(`lesson.${id}.intro.title`) }),
        ).toHaveAttribute('aria-current', 'page')
        const play = step.getByRole('button', {
          name: new RegExp(`^${escape(teach.t('walk.play')).replace(escape('{{seconds}}'), '\\d+')}$`),
        })
        const next = teach.walkNext
        for (let n = 0; n < 12; n++) {
          const at = await step.getAttribute('data-step')
          if (at === 'done') break
          const radios = step.getByRole('radio')
          const predicts = (await radios.count()) > 0
          // The answer the native engine gives: the page, measuring the same runs in WebAssembly, agrees.
          const answer = at === null ? undefined : expected(id, at)
          if (predicts) await step.getByLabel(teach.t(`lesson.${id}.${at}.choices.${answer}`), { exact: true }).check()
          if ((await play.count()) > 0) await play.click()
          if (predicts) {
            const reveal = page.getByTestId('walk-reveal')
            await expect(reveal).toBeVisible({ timeout: 200_000 })
            // The verdict is written from the run's numbers: no placeholder or missing value is left.
            await expect(reveal).not.toContainText('{{')
            await expect(reveal).not.toContainText('NaN')
            await expect(reveal).toContainText(teach.t(`lesson.${id}.${at}.result`).split('{{')[0].trim().slice(0, 12))
            await expect(reveal).toContainText(teach.t('walk.right'))
          }
          await next.click()
          await expect(step).not.toHaveAttribute('data-step', at ?? '')
        }
        await expect(step).toHaveAttribute('data-step', 'done')
        await expect(step.getByRole('heading', { level: 2 })).toHaveText(teach.t(`lesson.${id}.done.title`))
        await expect(step).toContainText(teach.t(`lesson.${id}.done.body`))
        // The full runs of every side, side by side, and nothing axe-core objects to on the finished lesson.
        await expect(page.getByTestId('walk-summary')).toBeVisible()
        await expect(page.getByTestId('walk-summary')).not.toContainText('…')
        const axe = await new AxeBuilder({ page })
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
          .withRules(['label-content-name-mismatch'])
          .analyze()
        expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([])
        expect(teach.consoleErrors).toEqual([])
      })
    }
  })
}

test('the gallery card of every lesson preset opens its lesson', async ({ teach }) => {
  await teach.goto('?view=gallery')
  for (const id of lessonIds) {
    const preset = JSON.parse(readFileSync(new URL(`../../public/presets/${id}.json`, import.meta.url), 'utf8')) as {
      title: { en: string }
    }
    const link = teach
      .card(id)
      .getByRole('link', { name: teach.t('gallery.walkthrough_named', { title: preset.title.en }) })
    await expect(link).toHaveAttribute('href', `?view=walkthrough&lesson=${id}`)
  }
  expect(teach.consoleErrors).toEqual([])
})
