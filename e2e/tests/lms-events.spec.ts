// Issue 32: the learning-event stream. The example host page (public/events-example.html) frames an embed and a
// lesson; the host's buttons drive the embed through the postMessage API and the student follows the lesson. Every
// action gives exactly one statement of its verb; no statement says anything about the person; with events=0 the
// same actions give none while the frames still answer.
import { test, expect } from '../fixtures'
import type { Page } from '@playwright/test'
import { drawLessonSketch } from '../pages/sketch'

interface Statement {
  verb: { id: string; display: { 'en-US': string } }
  object: { id: string }
  result?: Record<string, unknown>
  context: { extensions: Record<string, unknown> }
}

const received = (page: Page) => page.evaluate(() => (window as unknown as { received: Statement[] }).received)
const count = async (page: Page, verb: string, object?: string) =>
  (await received(page)).filter(
    (s) => s.verb.display['en-US'] === verb && (object === undefined || s.object.id === object),
  ).length
/** How many state answers the host page has had from its frames. */
const states = (page: Page) => page.evaluate(() => (window as unknown as { states: number }).states)
/** Opens the example host page and waits until its embed is up and answers. */
async function openHost(page: Page, query = '') {
  await page.goto(`./events-example.html${query}`)
  await expect(page.frameLocator('#lab').getByTestId('embed-caption')).toBeVisible({ timeout: 60_000 })
  await expect.poll(() => states(page)).toBeGreaterThan(0)
}
const LAB = 'tag:aqm-lab,2026:lab'
const LESSON = 'tag:aqm-lab,2026:lesson/red-vs-droptail'

test('every action gives one statement of its verb, without personal data', async ({ page, teach }) => {
  test.setTimeout(240_000)
  await openHost(page)

  await page.getByRole('button', { name: 'Play' }).click()
  await expect.poll(() => count(page, 'ran', LAB)).toBe(1)
  await page.getByRole('button', { name: 'Set max_p to 0.2' }).click()
  await expect.poll(() => count(page, 'changed parameter', LAB)).toBe(1)
  await page.getByRole('button', { name: 'Switch to CoDel' }).click()
  await expect.poll(() => count(page, 'switched algorithm', LAB)).toBe(1)

  // The lesson: a choice (predicted), Play (ran), the reveal (answered), ... to the end (completed).
  const lesson = page.frameLocator('#lesson')
  const step = lesson.getByTestId('walk-step')
  const next = lesson.getByRole('button', { name: teach.t('walk.next'), exact: true })
  await expect(step).toHaveAttribute('data-step', 'intro', { timeout: 60_000 })
  await next.click()
  await step.getByLabel(teach.t('lesson.red-vs-droptail.droptail.choices.full'), { exact: true }).check()
  await expect.poll(() => count(page, 'predicted', LESSON)).toBe(1)
  // A sketch of the queue is a prediction of its own, once drawn.
  await drawLessonSketch(page, lesson, teach.t('sketch.predict'))
  await step.getByRole('button', { name: teach.t('walk.play', { seconds: 30 }) }).click()
  await expect.poll(() => count(page, 'predicted', LESSON)).toBe(2)
  await expect.poll(() => count(page, 'ran', LESSON)).toBe(1)
  await expect(lesson.getByTestId('walk-reveal')).toBeVisible({ timeout: 120_000 })
  await expect.poll(() => count(page, 'answered', LESSON)).toBe(1)
  const scored = lesson.getByTestId('sketch-score')
  await expect(scored).toBeVisible({ timeout: 60_000 })
  const sketchScore = Number(await scored.getAttribute('data-score'))
  await next.click()
  await step.getByLabel(teach.t('lesson.red-vs-droptail.red.choices.full'), { exact: true }).check()
  await step.getByRole('button', { name: teach.t('walk.play', { seconds: 30 }) }).click()
  await expect(lesson.getByTestId('walk-reveal')).toBeVisible({ timeout: 120_000 })
  await next.click()
  await step.getByLabel(teach.t('lesson.red-vs-droptail.sync.choices.droptail'), { exact: true }).check()
  await expect(lesson.getByTestId('walk-reveal')).toBeVisible({ timeout: 200_000 })
  await next.click()
  await expect(step).toHaveAttribute('data-step', 'done')
  await expect.poll(() => count(page, 'completed', LESSON)).toBe(1)

  const all = await received(page)
  const tally = Object.fromEntries(
    ['predicted', 'ran', 'changed parameter', 'switched algorithm', 'answered', 'completed'].map((v) => [
      v,
      all.filter((s) => s.verb.display['en-US'] === v).length,
    ]),
  )
  // Lab: 1 ran, 1 changed parameter, 1 switched algorithm. Lesson: 3 choices and a sketch, 2 runs, 3 answers, 1
  // completion.
  expect(tally).toEqual({
    predicted: 4,
    ran: 3,
    'changed parameter': 1,
    'switched algorithm': 1,
    answered: 3,
    completed: 1,
  })
  const kinds = all
    .filter((s) => s.verb.display['en-US'] === 'predicted')
    .map((s) => (s.result?.extensions as Record<string, unknown> | undefined)?.['tag:aqm-lab,2026:ext/prediction-kind'])
  expect(kinds).toEqual(['choice', 'sketch', 'choice', 'choice'])
  const answered = all.filter((s) => s.verb.display['en-US'] === 'answered').map((s) => s.result?.success)
  expect(answered).toEqual([true, false, true])
  const completed = all.find((s) => s.verb.display['en-US'] === 'completed')
  // Two of three answers as the run gave them, and the sketch: (100 + 0 + 100 + s) / 4.
  expect(completed?.result).toMatchObject({
    completion: true,
    score: { raw: Math.round((200 + sketchScore) / 4), min: 0, max: 100 },
  })
  const param = all.find((s) => s.verb.display['en-US'] === 'changed parameter')
  expect(param?.result?.response).toBe('max_p=0.2')
  expect(String(param?.context.extensions['tag:aqm-lab,2026:ext/scenario-link'])).toMatch(/max_p=0\.2/)

  // Nothing about the person: only the statement's own parts, no actor, no account, no name.
  for (const s of all) {
    expect(Object.keys(s).sort()).toEqual(
      ['context', 'object', 'result', 'timestamp', 'verb'].filter((k) => k in s).sort(),
    )
    expect(Object.keys(s).every((k) => ['verb', 'object', 'result', 'context', 'timestamp'].includes(k))).toBe(true)
    expect(JSON.stringify(s)).not.toMatch(/actor|account|mbox|name"\s*:\s*"[^A]/i)
  }
})

test('events=0 turns the stream off', async ({ page, teach }) => {
  test.setTimeout(120_000)
  await openHost(page, '?events=0')
  let seen = await states(page)
  for (const name of ['Play', 'Set max_p to 0.2', 'Switch to CoDel']) {
    await page.getByRole('button', { name }).click()
    // The frame answers each action (aqm:state), so an event would have come with it.
    await expect.poll(() => states(page)).toBeGreaterThan(seen)
    seen = await states(page)
  }
  const lesson = page.frameLocator('#lesson')
  const step = lesson.getByTestId('walk-step')
  await expect(step).toHaveAttribute('data-step', 'intro', { timeout: 60_000 })
  await lesson.getByRole('button', { name: teach.t('walk.next'), exact: true }).click()
  await step.getByLabel(teach.t('lesson.red-vs-droptail.droptail.choices.full'), { exact: true }).check()
  await step.getByRole('button', { name: teach.t('walk.play', { seconds: 30 }) }).click()
  await expect(lesson.getByTestId('walk-reveal')).toBeVisible({ timeout: 120_000 })
  expect(await received(page)).toEqual([])
})
