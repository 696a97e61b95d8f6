// Export from the share dialog (traces as CSV and JSON with the scenario and engine version in them, a
// chart as SVG and PNG, the scenario as a file) and import by dropping a file.
import { readFile } from 'node:fs/promises'
import type { Download, Page } from '@playwright/test'
import { AppPage } from '../pages/AppPage'
import { labApi } from '../pages/SharePage'
import { test, expect } from '../fixtures'

async function saved(page: Page, click: () => Promise<void>): Promise<{ name: string; bytes: Buffer }> {
  const [download]: [Download, void] = await Promise.all([page.waitForEvent('download'), click()])
  const path = await download.path()
  return { name: download.suggestedFilename(), bytes: await readFile(path) }
}

/** Drops a file with `content` on the element, as a person dragging it from their desktop would. */
async function dropFile(page: Page, selector: string, name: string, content: string): Promise<void> {
  await page.evaluate(
    ([sel, fileName, text]) => {
      const target = document.querySelector(sel)
      if (!target) throw new Error(`nothing at ${sel}`)
      const data = new DataTransfer()
      data.items.add(new File([text], fileName, { type: 'application/json' }))
      for (const type of ['dragenter', 'dragover', 'drop']) {
        target.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: data }))
      }
    },
    [selector, name, content] as const,
  )
}

test('traces, charts and the scenario export; an exported scenario dropped on the page opens again', async ({
  page,
  share,
}) => {
  const app = new AppPage(page)
  const lab = labApi(page)
  await share.open('./?v=1&seed=21&flows=4&aqm=red&max_th=25&speed=4')
  await app.playButton.click()
  await expect.poll(() => lab.simTime()).toBeGreaterThan(2)
  await app.pauseButton.click()
  const scenario = await lab.scenario()
  await share.openDialog()
  const d = share.dialog

  const csv = await saved(page, () => share.button('export.tracesCsv', d).click())
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
    (await saved(page, () => share.button('export.tracesJson', d).click())).bytes.toString('utf8'),
  )
  expect(json).toMatchObject({
    format: 'aqm-lab-traces',
    engine: { name: 'aqm-engine' },
    scenario_version: 2,
    scenario,
  })
  expect(json.columns.join(',')).toBe(lines[4])
  expect(json.rows).toHaveLength(rows.length)

  const file = await saved(page, () => share.button('export.scenario', d).click())
  const exported = JSON.parse(file.bytes.toString('utf8'))
  expect(exported).toMatchObject({ format: 'aqm-lab-scenario', scenario })

  const svg = (await saved(page, () => share.button('export.chartSvg', d).click())).bytes.toString('utf8')
  expect(svg).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?>\n<svg /)
  expect(svg).toContain('<image')
  expect(svg).toContain('simulated time (s)')
  const png = (await saved(page, () => share.button('export.chartPng', d).click())).bytes
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  await share.button('dialog.close', d).click()

  // Change the experiment, then drop the exported scenario on the page: it opens as it was.
  await app.algorithm.selectOption('codel')
  await expect.poll(() => lab.aqm()).toMatchObject({ kind: 'codel' })
  await dropFile(page, '.charts', file.name, file.bytes.toString('utf8'))
  await expect.poll(() => lab.scenario()).toEqual(scenario)
})

test('a dropped file that is not a scenario says so and changes nothing', async ({ page, share }) => {
  const lab = labApi(page)
  await share.open('./')
  const before = await lab.scenario()
  await dropFile(page, '.charts', 'notes.json', '{"flows": [{"count": 1e6}]')
  await expect(share.problems).toContainText(share.t('problems.fileTitle'))
  await expect(share.problems).toContainText(share.t('problems.not-json').split('(')[0].trim())
  await share.button('problems.defaults').click()
  await expect(share.problems).toBeHidden()
  expect(await lab.scenario()).toEqual(before)
})
