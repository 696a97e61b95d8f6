import type { AppPage } from '../pages/AppPage'
import type { SimApi } from '../simApi'
import { test, expect } from '../fixtures'

// Ten Reno flows with identical RTTs through a 100-packet drop-tail buffer fill it and back off
// together (global synchronisation). The same traffic under RED (15/45/0.1) keeps a shorter queue and
// spreads the losses. Read from the run summary on screen, one fresh run each.
// A duration past the runs below (the lab pauses by itself at a scenario's duration), the usual 10 s warm-up.
const LINK = './?v=1&duration=600&warmup=10&flows=10&tcp=reno&rtt=60&buffer=100&aqm=droptail&speed=10'
const RUN_S = 40

/** A number as the page writes it ("1,234.5 pkts", "+0.31", "−0.02"). */
const parseShown = (text: string) => Number(text.replace(/[−–]/g, '-').replace(/[^0-9.+-]/g, ''))

async function runAndRead(app: AppPage, sim: SimApi) {
  const summary = app.page.getByTestId('run-summary')
  await expect(summary).toContainText(app.chartsT('summary.none')) // a fresh run: nothing measured yet
  await app.playButton.click()
  await expect.poll(() => sim.simTime(), { timeout: 30_000 }).toBeGreaterThan(RUN_S)
  await app.pauseButton.click()
  await expect.poll(() => sim.playing()).toBe(false)
  // With the pause the worker sends the last frame and the summary up to the paused time.
  await expect
    .poll(async () => Math.abs(((await sim.summary())?.measured_to_s ?? 0) - (await sim.simTime())))
    .toBeLessThan(1e-6)
  const pausedAt = await sim.simTime()
  const engine = await sim.summary()
  if (engine === null) throw new Error('no summary')
  const queue = summary.getByTestId('summary-mean-queue')
  const sync = summary.getByTestId('summary-sync')
  // On screen: the engine's numbers, rounded for reading.
  await expect.poll(async () => parseShown(await queue.innerText())).toBeCloseTo(engine.mean_queue_pkts, 1)
  await expect.poll(async () => parseShown(await sync.innerText())).toBeCloseTo(engine.sync.excess, 2)
  // Goodput on screen is payload: 1000 B TCP/IP packets carry 960 B of data (RFC 791/793 headers).
  const goodput = summary.getByTestId('summary-goodput')
  await expect.poll(async () => parseShown(await goodput.innerText())).toBeCloseTo(engine.total_goodput_payload_mbps, 2)
  expect(engine.total_goodput_payload_mbps / engine.total_goodput_mbps).toBeCloseTo(0.96, 9)
  return { queue: parseShown(await queue.innerText()), sync: parseShown(await sync.innerText()), simTime: pausedAt }
}

test('switching drop-tail to RED with 10 Reno flows lowers the mean queue and the sync index on screen', async ({
  openLab,
}) => {
  test.setTimeout(90_000)
  const { app, sim } = await openLab(LINK)
  await expect.poll(() => sim.aqm()).toMatchObject({ kind: 'droptail' })
  await expect.poll(() => sim.totalFlows()).toBe(10)
  const dropTail = await runAndRead(app, sim)

  // RED with min_th 15, max_th 45, max_p 0.1, set in the parameter panel, then a fresh run.
  await app.algorithm.selectOption('red')
  await expect.poll(async () => (await sim.aqm())?.kind).toBe('red')
  for (const [name, value] of [
    ['max_th', 45],
    ['min_th', 15],
    ['max_p', 0.1],
  ] as const) {
    const field = app.param(await sim.paramLabel('red', name)).value
    await field.fill(String(value))
    await field.press('Enter')
    await expect.poll(async () => (await sim.aqm())?.[name]).toBe(value)
  }
  const epoch = await sim.epoch()
  await app.resetButton.click()
  await expect.poll(() => sim.epoch()).toBe(epoch + 1)
  expect(await sim.aqm()).toMatchObject({ kind: 'red', min_th: 15, max_th: 45, max_p: 0.1 })
  const red = await runAndRead(app, sim)

  const report = JSON.stringify({ dropTail, red })
  console.log(`red vs drop-tail on screen: ${report}`)
  test.info().annotations.push({ type: 'red-vs-droptail', description: report })
  expect(red.queue, `mean queue: drop-tail ${dropTail.queue}, RED ${red.queue}`).toBeLessThan(dropTail.queue)
  expect(red.sync, `sync excess: drop-tail ${dropTail.sync}, RED ${red.sync}`).toBeLessThan(dropTail.sync)
  expect(dropTail.sync).toBeGreaterThan(0.1) // drop-tail does synchronise these flows
  expect(app.consoleErrors).toEqual([])
})
