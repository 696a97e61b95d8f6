// Issue 17, a first visit that teaches: the "What is AQM?" card greets a new visitor, and one click on it puts
// RED's draggable thresholds on the default page's queue chart; dismissed, it stays away after a reload, and
// a nudge towards RED takes its place while drop-tail runs (dismissible and remembered too).
import { TeachPage } from '../pages/TeachPage'
import { catalogue } from '../catalogue'
import { test, expect } from '../fixtures'
import { centre } from '../pages/AppPage'

test('the default page shows a draggable threshold within one click of the card', async ({ page, app, sim, teach }) => {
  const card = page.getByTestId('first-visit-card')
  await expect(card).toBeVisible()
  await expect(card.getByRole('heading', { name: teach.t('firstVisit.title') })).toBeVisible()
  expect((await sim.aqm())?.kind).toBe('droptail')

  await card.getByRole('button', { name: teach.t('firstVisit.try_red') }).click()
  await expect.poll(async () => (await sim.aqm())?.kind).toBe('red')
  const maxTh = app.chartHandle(app.queueChart, await sim.paramLabel('red', 'max_th'))
  await expect(maxTh.grip).toBeVisible()
  await expect(card).toContainText(teach.t('firstVisit.drag_now'))

  // A real mouse drag of the max threshold upwards reaches the engine.
  const before = Number((await sim.aqm())?.max_th)
  const at = await centre(maxTh.grip)
  await page.mouse.move(at.x, at.y)
  await page.mouse.down()
  for (let k = 1; k <= 8; k++) await page.mouse.move(at.x, at.y - 5 * k)
  await page.mouse.up()
  await expect.poll(async () => Number((await sim.aqm())?.max_th)).toBeGreaterThan(before)
})

test('dismissed, the card stays away; the drop-tail nudge follows and is remembered too', async ({
  page,
  sim,
  teach,
}) => {
  await page.getByTestId('first-visit-dismiss').click()
  await expect(page.getByTestId('first-visit-card')).toHaveCount(0)
  const nudge = page.getByTestId('first-visit-nudge')
  await expect(nudge).toContainText(teach.t('firstVisit.nudge'))

  await page.reload()
  await expect.poll(() => sim.ready()).toBe(true)
  await expect(nudge).toBeVisible()
  await expect(page.getByTestId('first-visit-card')).toHaveCount(0)
  // The nudge's button switches to RED; with RED running the nudge has nothing to say.
  await nudge.getByRole('button', { name: teach.t('firstVisit.try_red') }).click()
  await expect.poll(async () => (await sim.aqm())?.kind).toBe('red')
  await expect(nudge).toHaveCount(0)

  // The address now carries RED; the default page runs drop-tail again, with the nudge.
  await page.goto('./')
  await expect.poll(() => sim.ready()).toBe(true)
  await page.getByRole('button', { name: teach.t('firstVisit.dismiss_nudge') }).click()
  await expect(nudge).toHaveCount(0)
  await page.reload()
  await expect.poll(() => sim.ready()).toBe(true)
  await expect.poll(async () => (await sim.aqm())?.kind).toBe('droptail')
  await expect(nudge).toHaveCount(0)
  await expect(page.getByTestId('first-visit-card')).toHaveCount(0)
})

// Walk E21: the card said "Drop-tail, where the lab starts" over labs that start with RED, GFR or CoDel, and
// offered "Try RED" inside the GFR/ATM lab. It now names what runs and offers RED only over drop-tail.
test('over a lab that runs another discipline, the card names it and offers no switch', async ({
  page,
  openLab,
  teach,
}) => {
  const app = catalogue('en')
  for (const preset of ['seed002-gfr-atm', 'seed000-red-ared-qvared']) {
    const { sim } = await openLab(`./?preset=${preset}`)
    await expect.poll(async () => (await sim.aqm())?.kind ?? 'droptail').not.toBe('droptail')
    const kind = (await sim.aqm())?.kind ?? 'none'
    const body = page.getByTestId('first-visit-body')
    await expect(body).toContainText(app(`algorithms.${kind}.name`))
    await expect(body).not.toContainText('which this lab runs now')
    await expect(page.getByRole('button', { name: teach.t('firstVisit.try_red') })).toHaveCount(0)
  }
})

test.describe('in Korean', () => {
  test.use({ locale: 'ko-KR', uiLanguage: 'ko' })
  test('the card speaks Korean', async ({ app, page }) => {
    expect(app.page).toBe(page)
    await expect(page.getByTestId('first-visit-card')).toContainText(new TeachPage(page, 'ko').t('firstVisit.title'))
  })
})
