// Issue 32: a worksheet into the LMS. The share dialog's worksheet mode (students may change only max_p) offers
// "Download for your LMS"; the package opens the lab with the teacher's locks inside scorm-again's SCORM 1.2
// runtime, which holds "incomplete" until the student has run the scenario to its end, then "completed", the
// session time, and the scenario's link as suspend data. The panel is axe-clean.
import AxeBuilder from '@axe-core/playwright'
import { readFileSync, rmSync } from 'node:fs'
import type { Server } from 'node:http'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { strFromU8, unzipSync } from 'fflate'
import { catalogue } from '../catalogue'
import { test, expect } from '../fixtures'
import { serveLms } from '../lmsHost'

const root = fileURLToPath(new URL('../../', import.meta.url))
const teach = catalogue('en', 'teach')
const app = catalogue('en', 'app')

test('a worksheet downloads as a SCORM package and reports completion once the run reaches its end', async ({
  page,
  share,
}) => {
  test.setTimeout(120_000)
  await share.open('./?v=1&aqm=red&duration=4')
  await share.openDialog()
  await share.dialog.getByLabel(share.t('worksheet.on')).check()
  await share.dialog.getByTestId('allow-max_p').check()
  const panel = share.dialog.getByTestId('lms-download')
  await expect(panel.getByText(teach('lms.intro_worksheet'))).toBeVisible()
  // Nothing to score: no pass mark.
  await expect(panel.getByTestId('lms-pass')).toHaveCount(0)
  const axe = await new AxeBuilder({ page })
    .include('[data-testid="lms-download"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze()
  expect(axe.violations.map((v) => v.id)).toEqual([])
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    panel.getByRole('button', { name: teach('lms.download') }).click(),
  ])
  expect(download.suggestedFilename()).toBe('aqm-lab-worksheet-red-scorm12.zip')
  const zip = unzipSync(new Uint8Array(readFileSync(await download.path())))
  const launch = strFromU8(zip['scorm-launch-worksheet-red.html'])
  const target = /location\.replace\("index\.html\?([^"]*)"/.exec(launch)?.[1] ?? ''
  const q = new URLSearchParams(target)
  expect([q.get('aqm'), q.get('duration'), q.get('scorm')]).toEqual(['red', '4', '1.2'])
  expect(q.get('lock')?.split(',')).toEqual(expect.arrayContaining(['aqm', 'min_th', 'max_th']))
  expect(q.get('lock')?.split(',')).not.toContain('max_p')
  expect(strFromU8(zip['imsmanifest.xml'])).toContain('href="scorm-launch-worksheet-red.html"')

  const dir = join(root, 'test-results', 'scorm-worksheet')
  rmSync(dir, { recursive: true, force: true })
  let server: Server | null = null
  try {
    const lms = await serveLms('1.2', zip, dir, 'scorm-launch-worksheet-red.html')
    server = lms.server
    await page.goto(`${lms.origin}/host.html`)
    const values = () =>
      page.evaluate(() => (window as unknown as { lms: { values: Record<string, string> } }).lms.values)
    const lab = page.frameLocator('iframe')
    // The teacher's locks are in force; the student may change max_p only.
    await expect(lab.getByTestId('worksheet-note')).toBeVisible({ timeout: 60_000 })
    await expect(lab.getByTestId('locked-aqm')).toBeVisible()
    await expect.poll(async () => (await values())['cmi.core.lesson_status']).toBe('incomplete')

    await lab.getByRole('button', { name: app('transport.play'), exact: true }).click()
    await expect.poll(async () => (await values())['cmi.core.lesson_status'], { timeout: 60_000 }).toBe('completed')
    const end = await values()
    expect(end['cmi.core.session_time']).toMatch(/^\d{4}:\d{2}:\d{2}\.\d{2}$/)
    expect(end['cmi.core.exit']).toBe('')
    expect(end['cmi.core.score.raw']).toBeUndefined()
    const stored = JSON.parse(end['cmi.suspend_data']) as { e: number; q: string }
    expect(stored.e).toBe(1)
    expect(stored.q).toMatch(/aqm=red/)

    // The LMS reopens the worksheet with a stored link in which the student had set max_p (free) and, say by a
    // hand-edited suspend data, min_th (locked): the lab resumes the student's max_p and keeps the teacher's min_th.
    const left = new URLSearchParams(stored.q)
    left.set('max_p', '0.37')
    left.set('min_th', '2')
    const suspend = JSON.stringify({ ...JSON.parse(end['cmi.suspend_data']), q: left.toString() })
    await page.evaluate((init) => sessionStorage.setItem('lms-initial', JSON.stringify(init)), {
      'cmi.suspend_data': suspend,
      'cmi.core.lesson_status': 'completed',
      'cmi.core.entry': 'resume',
    })
    await page.reload()
    await expect(lab.getByTestId('worksheet-note')).toBeVisible({ timeout: 60_000 })
    const aqmInLab = () =>
      page
        .frames()[1]
        .evaluate(() => (window as unknown as { __aqm?: { aqm(): unknown } }).__aqm?.aqm() ?? null) as Promise<{
        max_p?: number
        min_th?: number
      } | null>
    await expect.poll(async () => (await aqmInLab())?.max_p, { timeout: 30_000 }).toBe(0.37)
    expect((await aqmInLab())?.min_th).not.toBe(2)
  } finally {
    await new Promise<void>((resolve) => (server === null ? resolve() : server.close(() => resolve())))
  }
})
