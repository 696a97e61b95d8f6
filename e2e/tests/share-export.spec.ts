// Export from the share dialog (traces as CSV and JSON with the scenario and engine version in them, a
// chart as SVG and PNG, the scenario as a file) and import by dropping a file.
import { test, expect } from '../fixtures'

test('traces, charts and the scenario export; an exported scenario dropped on the page opens again', async ({
  page,
  openLab,
  share,
}) => {
  const { app, sim } = await openLab('./?v=1&seed=21&flows=4&aqm=red&max_th=25&speed=4')
  await app.playButton.click()
  await expect.poll(() => sim.simTime()).toBeGreaterThan(2)
  await app.pauseButton.click()
  const scenario = await sim.scenario()
  await share.openDialog()
  const d = share.dialog

  const csv = await share.saved(() => share.button('export.tracesCsv', d).click())
  expect(csv.name).toBe('aqm-lab-red-seed21.csv')
  const lines = csv.bytes.toString('utf8').trimEnd().split('\n')
  expect(lines[0]).toBe('# AQM Lab traces: one row per sample, columns as the engine names them')
  expect(lines[1]).toMatch(/^# engine: aqm-engine \d+\.\d+\.\d+; scenario version 2$/)
  expect(lines[2]).toMatch(/^# link: http.*\?v=2&seed=21&flows=4&aqm=red&max_th=25&speed=4$/)
  expect(JSON.parse(lines[3].replace('# scenario: ', ''))).toEqual(scenario)
  expect(lines[4].startsWith('t,')).toBe(true)
  const rows = lines.slice(5)
  expect(rows.length).toBeGreaterThan(20)
  // The rows are the trace the page shows: their queue column is the page's samples, row for row.
  const qColumn = lines[4].split(',').indexOf('q_pkts')
  const shown = await page.evaluate((n) => Array.from(window.__aqm?.latestQueue(n) ?? []), rows.length)
  expect(rows.map((r) => Number(r.split(',')[qColumn]))).toEqual(shown)

  const json = JSON.parse(
    (await share.saved(() => share.button('export.tracesJson', d).click())).bytes.toString('utf8'),
  )
  expect(json).toMatchObject({
    format: 'aqm-lab-traces',
    engine: { name: 'aqm-engine' },
    scenario_version: 2,
    scenario,
  })
  expect(json.columns.join(',')).toBe(lines[4])
  expect(json.rows).toHaveLength(rows.length)

  const file = await share.saved(() => share.button('export.scenario', d).click())
  const exported = JSON.parse(file.bytes.toString('utf8'))
  expect(exported).toMatchObject({ format: 'aqm-lab-scenario', scenario })

  const svg = (await share.saved(() => share.button('export.chartSvg', d).click())).bytes.toString('utf8')
  expect(svg).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?>\n<svg /)
  expect(svg).toContain('<image')
  expect(svg).toContain('simulated time (s)')
  const png = (await share.saved(() => share.button('export.chartPng', d).click())).bytes
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  await share.button('dialog.close', d).click()

  // Change the experiment, then drop the exported scenario on the page: it opens as it was.
  await app.algorithm.selectOption('codel')
  await expect.poll(() => sim.aqm()).toMatchObject({ kind: 'codel' })
  await share.dropFile(file.name, 'application/json', file.bytes.toString('utf8'))
  await expect.poll(() => sim.scenario()).toEqual(scenario)
})

test('a dropped file that is not a scenario says so and changes nothing', async ({ sim, share }) => {
  const before = await sim.scenario()
  await share.dropFile('notes.json', 'application/json', '{"flows": [{"count": 1e6}]')
  await expect(share.problems).toContainText(share.t('problems.fileTitle'))
  await expect(share.problems).toContainText(share.t('problems.not-json').split('(')[0].trim())
  await share.button('problems.defaults').click()
  await expect(share.problems).toBeHidden()
  expect(await sim.scenario()).toEqual(before)
})
