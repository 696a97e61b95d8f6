// Issue 32: a lesson in a learning management system. The package is built by `npm run package:scorm` from the
// built lab, unzipped and served by a small server of this test, which also serves a host page that plays the LMS
// with the real scorm-again runtime (SCORM 1.2, then 2004): it installs the API on its window and frames the
// package's launch page. A student answers the first question; the runtime holds "incomplete", the score so far
// and suspend data; the LMS is reopened with that suspend data and the lesson resumes at the step the student
// left; the student completes it and the runtime holds completed/passed, the score, the session time. Every
// request the lesson makes stays inside the package (it needs no network of its own).
import { execFileSync } from 'node:child_process'
import { readFileSync, rmSync } from 'node:fs'
import type { Server } from 'node:http'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { unzipSync, strFromU8 } from 'fflate'
import { test, expect } from '@playwright/test'
import { catalogue } from '../catalogue'
import { serveLms } from '../lmsHost'
import { drawLessonSketch } from '../pages/sketch'
import { decodeLog } from '../../web/session/log'

const root = fileURLToPath(new URL('../../', import.meta.url))
const t = catalogue('en', 'teach')
const LESSON = 'red-vs-droptail'
for (const version of ['1.2', '2004'] as const) {
  test.describe(`SCORM ${version} in scorm-again`, () => {
    const dir = join(root, 'test-results', `scorm-${version}`)
    let server: Server
    let origin = ''
    let zip: Record<string, Uint8Array> = {}

    test.beforeAll(() => {
      rmSync(dir, { recursive: true, force: true })
      execFileSync(
        'node',
        [
          'scripts/package-scorm.mjs',
          ...['--lesson', LESSON, '--version', version, '--pass', '50', '--out', dir],
          ...['--dist', process.env.E2E_DIST ?? 'dist'],
        ],
        { cwd: root, stdio: 'pipe' },
      )
      zip = unzipSync(new Uint8Array(readFileSync(join(dir, `${LESSON}.zip`))))
      return serveLms(version, zip, join(dir, 'pkg'), `scorm-launch-${LESSON}.html`).then((lms) => {
        server = lms.server
        origin = lms.origin
      })
    })
    test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

    test('the manifest is well-formed and references only files in the zip', async ({ page }) => {
      const text = strFromU8(zip['imsmanifest.xml'])
      await page.goto('about:blank')
      const parsed = await page.evaluate((xml) => {
        const doc = new DOMParser().parseFromString(xml, 'application/xml')
        return {
          errors: doc.getElementsByTagName('parsererror').length,
          version: doc.getElementsByTagName('schemaversion')[0]?.textContent,
          hrefs: [...doc.querySelectorAll('resource, file')].map((e) => e.getAttribute('href')),
        }
      }, text)
      expect(parsed.errors).toBe(0)
      expect(parsed.version).toBe(version === '1.2' ? '1.2' : '2004 4th Edition')
      const files = new Set(Object.keys(zip))
      expect(parsed.hrefs.filter((h) => h === null || !files.has(h))).toEqual([])
      expect(new Set(parsed.hrefs)).toEqual(new Set([...files].filter((f) => f !== 'imsmanifest.xml')))
    })

    test('a student completes the lesson, resuming in a second session; the runtime holds the results', async ({
      page,
    }) => {
      test.setTimeout(300_000)
      const requests: string[] = []
      page.on('request', (r) => requests.push(r.url()))
      await page.goto(`${origin}/host.html`)
      const lab = page.frameLocator('iframe')
      const step = lab.getByTestId('walk-step')
      await expect(step).toHaveAttribute('data-step', 'intro', { timeout: 60_000 })
      const values = () =>
        page.evaluate(() => (window as unknown as { lms: { values: Record<string, string> } }).lms.values)
      const status = version === '1.2' ? 'cmi.core.lesson_status' : 'cmi.completion_status'
      await expect.poll(async () => (await values())[status]).toBe('incomplete')
      // No "Download for your LMS" for a student inside the LMS.
      await expect(lab.getByTestId('lms-download')).toHaveCount(0)

      // First session: the first question, answered and run, then on to the next step.
      const next = lab.getByRole('button', { name: t('walk.next'), exact: true })
      await next.click()
      await expect(step).toHaveAttribute('data-step', 'droptail')
      // A sketch of the queue first: its score counts in the raw score.
      await drawLessonSketch(page, lab, t('sketch.predict'))
      await step.getByLabel(t('lesson.red-vs-droptail.droptail.choices.full'), { exact: true }).check()
      await step.getByRole('button', { name: t('walk.play', { seconds: 30 }) }).click()
      await expect(lab.getByTestId('walk-reveal')).toBeVisible({ timeout: 120_000 })
      const scored = lab.getByTestId('sketch-score')
      await expect(scored).toBeVisible({ timeout: 60_000 })
      const sketchScore = Number(await scored.getAttribute('data-score'))
      await expect
        .poll(async () => JSON.parse((await values())['cmi.suspend_data'] ?? '{}').k?.droptail)
        .toBe(sketchScore)
      await next.click()
      await expect(step).toHaveAttribute('data-step', 'red')
      await expect.poll(async () => JSON.parse((await values())['cmi.suspend_data'] ?? '{}').i).toBe(2)
      const first = await values()
      expect(first[status]).toBe('incomplete')
      const stored = JSON.parse(first['cmi.suspend_data'])
      expect(stored).toMatchObject({
        l: LESSON,
        c: { droptail: 'full' },
        r: { droptail: 1 },
        k: { droptail: sketchScore },
      })
      expect(stored.s.droptail.split(',').length).toBeGreaterThanOrEqual(2)
      // The step's run as an action log (docs/replay.md) for the teacher: Play, then the pause at its end; the
      // other side has not run.
      const logs = (stored.g as Array<string | 0>).filter((l): l is string => typeof l === 'string')
      expect(logs).toHaveLength(1)
      const run = decodeLog(logs[0])
      expect(run.actions.map((a) => a.kind)).toEqual(['play', 'pause'])
      expect(run.end).toBeGreaterThanOrEqual(30e9)
      // Score so far: one right answer, two questions unanswered, the sketch: (100 + 0 + 0 + s) / 4.
      expect(first[version === '1.2' ? 'cmi.core.score.raw' : 'cmi.score.raw']).toBe(
        String(Math.round((100 + sketchScore) / 4)),
      )
      expect(first[version === '1.2' ? 'cmi.core.exit' : 'cmi.exit']).toBe('suspend')

      // The LMS reopens the lesson with what it stored.
      const initial =
        version === '1.2'
          ? {
              'cmi.suspend_data': first['cmi.suspend_data'],
              'cmi.core.lesson_status': 'incomplete',
              'cmi.core.entry': 'resume',
            }
          : {
              'cmi.suspend_data': first['cmi.suspend_data'],
              'cmi.completion_status': 'incomplete',
              'cmi.entry': 'resume',
            }
      await page.evaluate((init) => sessionStorage.setItem('lms-initial', JSON.stringify(init)), initial)
      await page.reload()
      await expect(step).toHaveAttribute('data-step', 'red', { timeout: 60_000 })
      // The earlier step's answer and sketch came back too.
      await lab.getByRole('button', { name: t('walk.back') }).click()
      await expect(step).toHaveAttribute('data-step', 'droptail')
      await expect(step.getByLabel(t('lesson.red-vs-droptail.droptail.choices.full'), { exact: true })).toBeChecked()
      await expect(lab.getByTestId('walk-queue').getByTestId('sketch-bar')).toHaveAttribute(
        'data-points',
        String(stored.s.droptail.split(',').length),
      )
      await next.click()
      await expect(step).toHaveAttribute('data-step', 'red')

      // Second session: the remaining questions, to the end.
      await step.getByLabel(t('lesson.red-vs-droptail.red.choices.min_th'), { exact: true }).check()
      await step.getByRole('button', { name: t('walk.play', { seconds: 30 }) }).click()
      await expect(lab.getByTestId('walk-reveal')).toBeVisible({ timeout: 120_000 })
      await next.click()
      await expect(step).toHaveAttribute('data-step', 'sync')
      await step.getByLabel(t('lesson.red-vs-droptail.sync.choices.droptail'), { exact: true }).check()
      await expect(lab.getByTestId('walk-reveal')).toBeVisible({ timeout: 200_000 })
      await next.click()
      await expect(step).toHaveAttribute('data-step', 'done')

      const done = version === '1.2' ? 'cmi.core.lesson_status' : 'cmi.success_status'
      await expect.poll(async () => (await values())[done]).toBe('passed')
      const end = await values()
      // All three answers right and the sketch: (3 × 100 + s) / 4.
      const raw = String(Math.round((300 + sketchScore) / 4))
      expect(end[version === '1.2' ? 'cmi.core.score.raw' : 'cmi.score.raw']).toBe(raw)
      if (version === '2004') {
        expect(end['cmi.completion_status']).toBe('completed')
        expect(end['cmi.score.scaled']).toBe(String(Number(raw) / 100))
      }
      const session = end[version === '1.2' ? 'cmi.core.session_time' : 'cmi.session_time']
      expect(session).toMatch(version === '1.2' ? /^\d{4}:\d{2}:\d{2}\.\d{2}$/ : /^PT\d+H\d+M[\d.]+S$/)
      expect(session).not.toMatch(/^(0000:00:00\.00|PT0H0M0S)$/)
      const last = JSON.parse(end['cmi.suspend_data'])
      expect(last).toMatchObject({ i: 4, r: { droptail: 1, red: 1, sync: 1 } })
      // Both sides' runs: the first session's log came through the resume unchanged, the second's was added.
      expect(last.g).toContain(logs[0])
      const both = (last.g as Array<string | 0>).filter((l): l is string => typeof l === 'string')
      expect(both).toHaveLength(2)
      // The runtime itself holds them (not only the values the page set).
      const held = await page.evaluate((v) => {
        const w = window as unknown as Record<
          string,
          { cmi: Record<string, Record<string, unknown> & { suspend_data: string }> }
        >
        const api = v === '1.2' ? w.API : w.API_1484_11
        return v === '1.2'
          ? { status: api.cmi.core.lesson_status, suspend: api.cmi.suspend_data }
          : { status: api.cmi.success_status, suspend: api.cmi.suspend_data }
      }, version)
      expect(held.status).toBe('passed')
      expect(held.suspend).toBe(end['cmi.suspend_data'])
      const calls = await page.evaluate(() => (window as unknown as { lms: { calls: string[] } }).lms.calls)
      expect(calls[0]).toBe(version === '1.2' ? 'LMSInitialize' : 'Initialize')
      expect(calls).toContain(version === '1.2' ? 'LMSCommit' : 'Commit')
      // The LMS closes the lesson (its frame goes away): the lesson finishes the session.
      await page.evaluate(() => document.querySelector('iframe')?.remove())
      await expect
        .poll(() => page.evaluate(() => (window as unknown as { lms: { calls: string[] } }).lms.calls.at(-1)))
        .toBe(version === '1.2' ? 'LMSFinish' : 'Terminate')

      // The teacher replays the second run from the suspend data, in the package's own replay view.
      const second = both.find((l) => l !== logs[0]) ?? ''
      const replay = await page.context().newPage()
      await replay.goto(`${origin}/pkg/index.html?view=replay&log=${second}`)
      const ts = catalogue('en', 'session')
      await expect(replay.getByRole('table', { name: ts('replay.actions') }).locator('tbody tr')).toHaveCount(
        decodeLog(second).actions.length,
      )
      await expect(replay.getByTestId('replay-position')).toHaveAttribute('data-done', 'true', { timeout: 120_000 })
      await replay.close()

      // Offline: nothing the lesson asked for came from outside this server.
      expect(requests.filter((u) => !u.startsWith(origin) && !u.startsWith('blob:') && !u.startsWith('data:'))).toEqual(
        [],
      )
    })
  })
}
