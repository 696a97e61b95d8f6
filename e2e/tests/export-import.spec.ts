// Issue 14, items 14 and 15: a chart exports under its own title and name, at twice its size, with its
// legend and without drag grips; the app's own trace CSV opens again; a file problem always offers to
// keep what runs, and leaves the header usable.
import { catalogue } from '../catalogue'
import { test, expect } from '../fixtures'

test('charts export under their titles and names, PNG at 2× with the legend and no grips', async ({
  page,
  openLab,
  share,
}) => {
  const charts = catalogue('en', 'charts')
  const { app, sim } = await openLab('./?v=1&seed=21&flows=4&aqm=red&max_th=25&speed=4')
  await app.playButton.click()
  await expect.poll(() => sim.simTime()).toBeGreaterThan(2)
  await app.pauseButton.click()
  await share.openDialog()
  const d = share.dialog
  const select = d.getByRole('combobox', { name: share.t('export.chart') })
  const options = (await select.locator('option').allTextContents()).map((s) => s.trim())
  expect(options).toContain(charts('cwnd.title'))
  expect(options).toContain(charts('queue.title'))

  // The queue chart: its SVG has the legend's words and no grip; its PNG is twice the chart's size.
  await select.selectOption({ label: charts('queue.title') })
  const svgFile = await share.saved(() => share.button('export.chartSvg', d).click())
  expect(svgFile.name).toBe('aqm-lab-red-seed21-queue.svg')
  const svg = svgFile.bytes.toString('utf8')
  expect(svg).not.toContain('class="grip')
  const legend = await page.getByTestId('queue-chart').locator('.legend li').allTextContents()
  expect(legend.length).toBeGreaterThan(0)
  for (const label of legend) expect(svg).toContain(label.trim().replace(/&/g, '&amp;').replace(/</g, '&lt;'))
  const pngFile = await share.saved(() => share.button('export.chartPng', d).click())
  expect(pngFile.name).toBe('aqm-lab-red-seed21-queue.png')
  const body = await page.getByTestId('queue-chart').locator('.chart-body').boundingBox()
  expect(pngFile.bytes.readUInt32BE(16)).toBe(2 * Math.round(body?.width ?? 0))

  await select.selectOption({ label: charts('cwnd.title') })
  const cwnd = await share.saved(() => share.button('export.chartSvg', d).click())
  expect(cwnd.name).toBe('aqm-lab-red-seed21-cwnd.svg')
  expect(cwnd.bytes.toString('utf8')).toContain(`>${charts('cwnd.title')}</text>`)
})

test("the lab's own trace CSV opens its scenario again", async ({ openLab, share }) => {
  const { app, sim } = await openLab('./?v=1&seed=21&flows=4&aqm=red&max_th=25&speed=4')
  // The link's scenario, once the engine runs it (read earlier, this could still be the default one).
  await expect.poll(() => sim.scenario()).toMatchObject({ seed: 21, aqm: { kind: 'red', max_th: 25 } })
  const scenario = await sim.scenario()
  await app.playButton.click()
  await expect.poll(() => sim.simTime()).toBeGreaterThan(1)
  await app.pauseButton.click()
  await share.openDialog()
  const csv = await share.saved(() => share.button('export.tracesCsv', share.dialog).click())
  await share.button('dialog.close', share.dialog).click()
  await app.algorithm.selectOption('codel')
  await expect.poll(() => sim.aqm()).toMatchObject({ kind: 'codel' })
  await share.dropFile(csv.name, 'text/csv', csv.bytes.toString('utf8'))
  await expect.poll(() => sim.scenario()).toEqual(scenario)
  await expect(share.problems).toHaveCount(0)
})

test('a file that cannot be opened says what can, offers to keep what runs, and leaves the header free', async ({
  page,
  sim,
  share,
}) => {
  const before = await sim.scenario()
  await share.dropFile('notes.csv', 'text/csv', 'a,b\n1,2\n')
  await expect(share.problems).toContainText(share.t('problems.not-json').split('(')[0].trim())
  // The header (language, theme, share) is not covered by the note.
  const note = await share.problems.boundingBox()
  const header = await page.locator('header').first().boundingBox()
  expect(note && header && note.y >= header.y + header.height).toBe(true)
  await share.button('problems.keep').click()
  await expect(share.problems).toBeHidden()
  expect(await sim.scenario()).toEqual(before)
})
