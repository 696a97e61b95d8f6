// A link copied from the share dialog reproduces the experiment bit for bit in a new page, and the
// address bar follows the scenario as it is edited without adding history entries.
import { AppPage } from '../pages/AppPage'
import { SharePage, labApi } from '../pages/SharePage'
import { test, expect } from '../fixtures'

const START = './?v=1&seed=11&flows=8&rtt=30-90&aqm=red&max_th=30&max_p=0.05&speed=4'
const TRACE_S = 3

test('a link copied from the share dialog opens the same scenario and the same first seconds of trace', async ({
  page,
  context,
  openLab,
  share,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  const { app, sim } = await openLab(START)
  await expect.poll(() => sim.aqm()).toMatchObject({ kind: 'red', max_th: 30, max_p: 0.05 })

  // Edit through the page, then run the edited experiment from time 0.
  await app.algorithm.selectOption('codel')
  await expect.poll(() => sim.aqm()).toMatchObject({ kind: 'codel' })
  await expect.poll(() => page.url()).toContain('aqm=codel')
  await app.resetButton.click()
  await app.playButton.click()
  await expect.poll(() => sim.digest(TRACE_S), { timeout: 15_000 }).not.toBeNull()
  const digest = await sim.digest(TRACE_S)
  const scenario = await sim.scenario()

  await share.openDialog()
  const link = await share.linkField.inputValue()
  expect(link).toMatch(/\?v=2&seed=11&flows=8&rtt=30-90&aqm=codel&speed=4$/)
  await share.copyLink.click()
  await expect(share.dialog.getByRole('status').filter({ hasText: share.t('link.copied') })).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link)

  const other = await context.newPage()
  const otherLab = labApi(other)
  await new SharePage(other).open(link)
  await expect.poll(() => otherLab.scenario()).toEqual(scenario)
  await new AppPage(other).playButton.click()
  await expect.poll(() => otherLab.digest(TRACE_S), { timeout: 15_000 }).not.toBeNull()
  expect(await otherLab.digest(TRACE_S)).toBe(digest)
  expect(digest).toMatch(/^[0-9a-f]{16}$/)
})

test('the address bar follows edits with replaceState; opening a file adds one history entry', async ({
  page,
  app,
  sim,
  share,
}) => {
  const entries = await page.evaluate(() => history.length)

  await app.algorithm.selectOption('pie')
  await expect.poll(() => page.url()).toContain('?v=2&aqm=pie')
  await app.algorithm.selectOption('codel')
  await expect.poll(() => page.url()).toContain('?v=2&aqm=codel')
  expect(await page.evaluate(() => history.length)).toBe(entries)

  await share.openDialog()
  await share.dialog.getByLabel(share.t('import.pick')).setInputFiles('public/presets/red-vs-droptail.json')
  await expect
    .poll(() => sim.scenario())
    .toMatchObject({ seed: 4, duration: 120, flows: [{ count: 8, rtt_ms: [50, 50] }] })
  await expect.poll(() => page.url()).toContain('?v=2&seed=4&duration=120&delay=5&flows=8&rtt=50')
  expect(await page.evaluate(() => history.length)).toBe(entries + 1)

  // Back goes to the scenario before the file, as the address said.
  await page.goBack()
  await expect.poll(() => sim.aqm()).toMatchObject({ kind: 'codel' })
})
