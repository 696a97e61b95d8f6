// Issue 27, item 7: a teacher's locks hold. Opening a scenario file (picked or dropped on the page) changes only
// what the link leaves free; the first-visit card offers nothing the locks forbid; a lesson's thresholds cannot
// be moved, so the run a student predicts is the one the step describes; and a lesson's step and predictions
// live in its address, so a reload resumes it.
import { test, expect } from '../fixtures'
import type { Page } from '@playwright/test'
import { catalogue } from '../catalogue'

const teach = catalogue('en', 'teach')
const app = catalogue('en', 'app')
const LOCKED = './?v=2&aqm=red&min_th=15&max_th=45&max_p=0.1&lock=aqm,link,flows,run,min_th,max_th,w_q,gentle'

const file = (scenario: object) => ({
  name: 'other.json',
  mimeType: 'application/json',
  buffer: Buffer.from(JSON.stringify({ format: 'aqm-lab-scenario', scenario: { version: 2, ...scenario } })),
})
const aqm = (page: Page) => page.evaluate(() => window.__aqm?.aqm() ?? null)
const scenario = (page: Page) => page.evaluate(() => window.__aqm?.scenario() as Record<string, unknown> | null)

test('a scenario file opened under a worksheet link changes only what the teacher left free', async ({
  page,
  share,
}) => {
  await share.open(LOCKED)
  await expect.poll(() => aqm(page)).toMatchObject({ kind: 'red', min_th: 15, max_th: 45, max_p: 0.1 })
  const link0 = JSON.stringify((await scenario(page))?.link)
  const flows0 = JSON.stringify((await scenario(page))?.flows)

  // Another algorithm, link and flows: the locked ones stay.
  await share.openDialog()
  await share.dialog
    .locator('input[type=file]')
    .setInputFiles(file({ link: { rate_mbps: 50 }, flows: [{ count: 30 }], aqm: { kind: 'codel' } }))
  const note = page.getByRole('status').filter({ hasText: share.t('import.loaded', { name: 'other.json' }) })
  for (const c of ['link', 'flows', 'aqm']) await expect(note).toContainText(app(`teacher.controls.${c}`))
  expect((await aqm(page))?.kind).toBe('red')
  expect(JSON.stringify((await scenario(page))?.link)).toBe(link0)
  expect(JSON.stringify((await scenario(page))?.flows)).toBe(flows0)

  // The same algorithm dropped on the page: the free max_p is taken, the locked min_th is not.
  const epoch = await page.evaluate(() => window.__aqm?.epoch() ?? -1)
  const data = file({ aqm: { kind: 'red', min_th: 5, max_th: 45, max_p: 0.3 } })
  const dt = await page.evaluateHandle(
    ({ text, name }) => {
      const d = new DataTransfer()
      d.items.add(new File([text], name, { type: 'application/json' }))
      return d
    },
    { text: data.buffer.toString(), name: data.name },
  )
  await page.dispatchEvent('body', 'drop', { dataTransfer: dt })
  await expect.poll(() => page.evaluate(() => window.__aqm?.epoch() ?? -1)).toBeGreaterThan(epoch)
  await expect.poll(() => aqm(page)).toMatchObject({ kind: 'red', min_th: 15, max_th: 45, max_p: 0.3 })
  await expect.poll(() => page.evaluate(() => window.location.search)).toContain('lock=aqm,link,flows,run')
})

test('the first-visit card offers no RED to try, or thresholds to drag, that the link locks', async ({ page }) => {
  await page.goto('./?v=2&lock=aqm,link,flows,run')
  const card = page.getByTestId('first-visit-card')
  await expect(card).toBeVisible()
  await expect(card.getByTestId('first-visit-try-red')).toHaveCount(0)
  await expect(card).toContainText(teach('firstVisit.body_locked'))

  await page.goto('./?v=2&aqm=red&lock=min_th,max_th')
  await expect.poll(() => aqm(page)).toMatchObject({ kind: 'red' })
  await expect(card).toBeVisible()
  await expect(card).not.toContainText(teach('firstVisit.drag_now'))
})

test('a lesson step’s thresholds stay as its text states them', async ({ page }) => {
  await page.goto('./?view=walkthrough&lesson=red-vs-droptail&step=3')
  const step = page.getByTestId('walk-step')
  await expect(step).toHaveAttribute('data-step', 'red')
  await expect(step.getByTestId('walk-fixed')).toBeVisible()
  const minTh = page.getByTestId('handle-min_th')
  await expect(minTh).toHaveAttribute('aria-valuenow', '15')
  await expect(minTh).toHaveAttribute('aria-disabled', 'true')
  await minTh.focus()
  await page.keyboard.press('ArrowUp')
  await page.keyboard.press('End')
  const maxTh = page.getByTestId('handle-max_th')
  await maxTh.focus()
  await page.keyboard.press('ArrowUp')
  await page.keyboard.press('PageUp')
  await expect(minTh).toHaveAttribute('aria-valuenow', '15')
  await expect(maxTh).toHaveAttribute('aria-valuenow', '45')
})

test('a reload resumes the lesson at its step with the predictions made', async ({ page }) => {
  await page.goto('./?view=walkthrough&lesson=red-vs-droptail')
  const step = page.getByTestId('walk-step')
  await page.getByRole('button', { name: teach('walk.next') }).click()
  await expect(step).toHaveAttribute('data-step', 'droptail')
  await page.getByLabel(teach('lesson.red-vs-droptail.droptail.choices.full')).check()
  await expect.poll(() => page.evaluate(() => window.location.search)).toContain('picked=droptail%3Afull')
  expect(new URL(page.url()).searchParams.get('step')).toBe('2')
  await page.reload()
  await expect(step).toHaveAttribute('data-step', 'droptail')
  await expect(page.getByLabel(teach('lesson.red-vs-droptail.droptail.choices.full'))).toBeChecked()
})
