// Issue 32: "Download for your LMS" on a lesson builds in the browser the same SCORM package as the command line:
// the built lab's files, the launch page with the pass mark the teacher typed, and a manifest of the chosen
// version. A pass mark out of range is refused with a message; the panel is axe-clean.
import AxeBuilder from '@axe-core/playwright'
import { readFileSync } from 'node:fs'
import { strFromU8, unzipSync } from 'fflate'
import { test, expect } from '../fixtures'

const dist = process.env.E2E_DIST ?? 'dist'

test('a lesson downloads as a SCORM 2004 package with the teacher’s pass mark', async ({ page, teach }) => {
  await teach.goto('?view=walkthrough&lesson=red-vs-droptail')
  const panel = page.getByTestId('lms-download')
  await expect(panel.getByRole('heading', { name: teach.t('lms.heading') })).toBeVisible()
  const pass = panel.getByLabel(teach.t('lms.pass'))
  await pass.fill('120')
  await expect(panel.getByText(teach.t('lms.pass_bad'))).toBeVisible()
  await expect(panel.getByRole('button', { name: teach.t('lms.download') })).toBeDisabled()
  await pass.fill('60')
  await panel.getByLabel(teach.t('lms.v2004')).check()

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    panel.getByRole('button', { name: teach.t('lms.download') }).click(),
  ])
  expect(download.suggestedFilename()).toBe('aqm-lab-red-vs-droptail-scorm2004.zip')
  const zip = unzipSync(new Uint8Array(readFileSync(await download.path())))
  const built = JSON.parse(readFileSync(`${dist}/build-files.json`, 'utf8')) as string[]
  expect(Object.keys(zip).sort()).toEqual([...built, 'imsmanifest.xml', 'scorm-launch-red-vs-droptail.html'].sort())
  expect(zip['index.html']).toEqual(new Uint8Array(readFileSync(`${dist}/index.html`)))
  const manifest = strFromU8(zip['imsmanifest.xml'])
  expect(manifest).toContain('<schemaversion>2004 4th Edition</schemaversion>')
  expect(manifest).toContain('<imsss:minNormalizedMeasure>0.60</imsss:minNormalizedMeasure>')
  expect(strFromU8(zip['scorm-launch-red-vs-droptail.html'])).toContain(
    'index.html?view=walkthrough&lesson=red-vs-droptail&scorm=2004&pass=60',
  )
  await expect(panel.getByTestId('lms-status')).toHaveText(
    teach.t('lms.saved', { name: 'aqm-lab-red-vs-droptail-scorm2004.zip' }),
  )

  const result = await new AxeBuilder({ page })
    .include('[data-testid="lms-download"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .withRules(['label-content-name-mismatch'])
    .analyze()
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([])
})
