// Issue 32, record and replay: a person runs a one-minute scenario and acts ten times on it (play, pause, speed,
// two RED thresholds, a switch to CoDel and its target); the share dialog's replay link opens the replay view,
// which rebuilds the scenario and makes each change again at its recorded simulated instant. The replayed trace
// has the same digest as the person's, bit for bit; the log's size is reported.
import { readFileSync } from 'node:fs'
import { labApi } from '../pages/SharePage'
import { catalogue } from '../catalogue'
import { test, expect } from '../fixtures'
import { decodeLog, encodeLog } from '../../web/session/log'

const START = './?v=2&seed=5&flows=8&rtt=20-80&aqm=red&duration=60&speed=5'
const END_S = 60

test('a recorded session of a minute with ten actions replays to the same trace digest', async ({
  page,
  context,
  openLab,
  share,
}) => {
  test.setTimeout(240_000)
  const { app, sim } = await openLab(START)
  await expect.poll(() => sim.aqm()).toMatchObject({ kind: 'red' })
  const at = async (s: number) => expect.poll(() => sim.simTime(), { timeout: 60_000 }).toBeGreaterThan(s)
  const setParam = async (kind: string, name: string, value: number) => {
    const field = app.param(await sim.paramLabel(kind, name)).value
    await field.fill(String(value))
    await field.press('Enter')
    await expect.poll(async () => (await sim.aqm())?.[name]).toBe(value)
  }

  await app.playButton.click() // 1 play
  await at(3)
  await setParam('red', 'min_th', 8) // 2
  await at(8)
  await setParam('red', 'max_th', 40) // 3
  await app.pauseButton.click() // 4 pause
  await expect.poll(() => sim.playing()).toBe(false)
  await page.getByLabel(app.t('transport.speed')).selectOption({ label: app.t('transport.speedFast', { value: 10 }) })
  await expect.poll(() => sim.speed()).toBe(10) // 5 speed
  await app.playButton.click() // 6 play
  await at(20)
  await app.algorithm.selectOption('codel') // 7 algorithm
  await expect.poll(async () => (await sim.aqm())?.kind).toBe('codel')
  await at(30)
  await setParam('codel', 'target', 2) // 8
  await at(40)
  await app.pauseButton.click() // 9 pause
  await expect.poll(() => sim.playing()).toBe(false)
  await app.playButton.click() // 10 play
  // The run stops by itself at the scenario's duration (not an action).
  await expect.poll(() => sim.simTime(), { timeout: 60_000 }).toBeGreaterThanOrEqual(END_S)
  await expect.poll(() => sim.playing()).toBe(false)
  const digest = await sim.digest(END_S)
  expect(digest).toMatch(/^[0-9a-f]{16}$/)

  await share.openDialog()
  const link = await share.dialog.getByTestId('replay-link').inputValue()
  const log = new URL(link).searchParams.get('log') ?? ''
  expect(link).toContain('view=replay')
  const bytes = Buffer.byteLength(log)
  const session = decodeLog(log)
  const actionsOnly = encodeLog({ ...session, scenario: '' }).length
  console.log(
    `session replay: ${bytes} bytes of log (10 actions over one minute, scenario included; ${actionsOnly} without it), digest ${digest}`,
  )
  test
    .info()
    .annotations.push({ type: 'session-log-bytes', description: `${bytes} (${actionsOnly} without the scenario)` })

  // The session file holds the same log, and the run's outcome for the class view.
  const [saved] = await Promise.all([
    page.waitForEvent('download'),
    share.dialog.getByRole('button', { name: catalogue('en', 'session')('share.file') }).click(),
  ])
  const file = JSON.parse(readFileSync(await saved.path(), 'utf8')) as Record<string, unknown>
  expect(file).toMatchObject({ format: 'aqm-lab-session', version: 1, replay: log, prediction: null })
  expect(file.outcome).toMatchObject({ measured_to_s: END_S })

  const other = await context.newPage()
  const otherLab = labApi(other)
  const t = catalogue('en', 'session')
  await other.goto(link)
  await expect(other.getByRole('heading', { name: t('replay.title') })).toBeVisible()
  const rows = other.getByRole('table', { name: t('replay.actions') }).locator('tbody tr')
  await expect(rows).toHaveCount(10)
  await expect(rows.nth(1)).toContainText(t('action.param', { name: await sim.paramLabel('red', 'min_th'), value: 8 }))
  await expect(other.getByTestId('replay-position')).toHaveAttribute('data-done', 'true', { timeout: 120_000 })
  await expect.poll(() => otherLab.digest(END_S), { timeout: 30_000 }).not.toBeNull()
  expect(await otherLab.digest(END_S)).toBe(digest)
  // The replay ran the same scenario and ended with the person's last settings.
  expect(await otherLab.aqm()).toMatchObject({ kind: 'codel', target: 2 })

  // Jumping to an action (the scrubber's way) rebuilds and runs to its instant with every change up to it; Play
  // goes on from there to the same trace.
  const sw = session.actions.find((a) => a.kind === 'algorithm')!
  await other.getByRole('button', { name: t('replay.seekTo', { at: (sw.at / 1e9).toFixed(3) }) }).click()
  await expect.poll(() => otherLab.aqm()).toMatchObject({ kind: 'codel' })
  await expect(other.getByTestId('replay-position')).toHaveAttribute('data-at', String(sw.at))
  await other.getByRole('button', { name: t('replay.play'), exact: true }).click()
  await expect(other.getByTestId('replay-position')).toHaveAttribute('data-done', 'true', { timeout: 120_000 })
  await expect.poll(() => otherLab.digest(END_S), { timeout: 30_000 }).not.toBeNull()
  expect(await otherLab.digest(END_S)).toBe(digest)

  // The check can fail: the same log with the switch to CoDel half a second later replays to another trace.
  const shifted = {
    ...session,
    actions: session.actions.map((a) => (a.kind === 'algorithm' ? { ...a, at: a.at + 500_000_000 } : a)),
  }
  const url = new URL(link)
  url.searchParams.set('log', encodeLog(shifted))
  await other.goto(url.toString())
  await expect(other.getByTestId('replay-position')).toHaveAttribute('data-done', 'true', { timeout: 120_000 })
  await expect.poll(() => otherLab.digest(END_S), { timeout: 30_000 }).not.toBeNull()
  expect(await otherLab.digest(END_S)).not.toBe(digest)
  expect(app.consoleErrors).toEqual([])
})
