// `npm run bench:page`: the lab's frame budget in Debian's Chromium, as numbers (not a test). Expects a
// build (`npm run build`; BENCH_DIST=<dir> for another output directory); serves it with `vite preview`
// on a free port, opens the lab with 100 flows, every chart on screen, at full speed, and measures:
//   - frame time: requestAnimationFrame deltas over ~10 s (median, p95) and the charts' drawing time,
//     with 100 flows and again with MANY_FLOWS flows;
//   - input to frame: from a threshold's input event (arrow key, mouse drag on the queue chart) to the
//     first frame that draws the new value: the dragged handle itself, and the drop-probability curve,
//     which draws the value only once the engine took it (window.__aqmCharts.frameWhen);
//   - memory before and after a 30-minute simulated run at full speed, from a fresh page load: JS heap
//     of the page and of the simulation worker after a GC and the worker's wasm memory, by CDP, and the
//     resident memory of the lab's renderer process (page, worker and wasm together), each taken while
//     paused; the run's wall time. Then on to EXTRA_H simulated hours, to see that memory stays flat.
// Prints one JSON object and a table. BENCH_JSON=<file> also writes the JSON there.
/* global window, document, requestAnimationFrame, innerHeight, innerWidth -- inside page.evaluate */
import { spawn } from 'node:child_process'
import { existsSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { fileURLToPath } from 'node:url'
import { chromium } from '@playwright/test'
import { mib, renderers, rss, workerProbe } from './page-probes.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const dist = process.env.BENCH_DIST ?? 'dist'
const FLOWS = 100
const FRAME_WINDOW_MS = 10_000
const LONG_RUN_S = 30 * 60
// 48 of each, so that a p95 is not simply the slowest of a dozen (which moved 50–80 ms between runs).
const KEY_PRESSES = 48
const DRAGS = 48
const EXTRA_H = 10
const MANY_FLOWS = 1000

if (!existsSync(`${root}/${dist}/index.html`)) {
  console.error(`bench:page: no ${dist}/index.html; run \`npm run build\` first.`)
  process.exit(1)
}

const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = createServer()
    srv.once('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address()
      srv.close(() => resolve(port))
    })
  })

/** Progress on stderr, so stdout stays the report. */
const log = (msg) => process.stderr.write(`bench:page: ${msg}\n`)
const sleep = (ms) => new Promise((r) => setTimeout(r, ms))
const quantile = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b)
  return s.length === 0 ? Number.NaN : s[Math.min(s.length - 1, Math.floor(q * s.length))]
}
const round = (x, d = 1) => (Number.isFinite(x) ? Number(x.toFixed(d)) : null)
const stats = (xs, d = 1) => ({
  n: xs.length,
  median: round(quantile(xs, 0.5), d),
  p95: round(quantile(xs, 0.95), d),
  max: round(Math.max(...xs), d),
})

async function waitFor(what, fn, timeoutMs, everyMs = 100) {
  const start = Date.now()
  for (;;) {
    const v = await fn()
    if (v) return v
    if (Date.now() - start > timeoutMs) throw new Error(`bench:page: timed out waiting for ${what}`)
    await sleep(everyMs)
  }
}

const port = await freePort()
const vite = spawn(
  process.execPath,
  [
    `${root}/node_modules/vite/bin/vite.js`,
    'preview',
    '--host',
    '127.0.0.1',
    '--port',
    String(port),
    '--strictPort',
    '--outDir',
    dist,
  ],
  {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  },
)
let viteLog = ''
vite.stdout.on('data', (d) => (viteLog += d))
vite.stderr.on('data', (d) => (viteLog += d))

const server = await chromium.launchServer({
  executablePath: '/usr/bin/chromium',
  headless: true,
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-quic',
    '--no-first-run',
    '--disable-component-update',
    '--disable-sync',
  ],
})
const browserPid = server.process().pid
const browser = await chromium.connect(server.wsEndpoint())

try {
  const base = `http://127.0.0.1:${port}/`
  await waitFor(
    'vite preview',
    () =>
      fetch(base).then(
        (r) => r.ok,
        () => false,
      ),
    30_000,
    200,
  )
  const others = new Set(renderers(browserPid))
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 }, locale: 'en-US' })
  const errors = []
  page.on('pageerror', (e) => errors.push(e.message))
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()))
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Performance.enable')
  const worker = await workerProbe(cdp)
  const simTime = () => page.evaluate(() => window.__aqm?.simTime() ?? 0)
  let lab = []
  const playing = () => page.evaluate(() => window.__aqm?.playing() ?? false)
  const button = (name) => page.getByRole('button', { name, exact: true })
  /** Memory with the simulation paused (DevTools' object queries wait for an idle worker); resumes if it was playing. */
  const memory = async () => {
    const wasPlaying = await playing()
    if (wasPlaying) {
      await button('Pause').click()
      await waitFor('the pause', async () => !(await playing()), 10_000, 20)
    }
    const t = await simTime()
    await cdp.send('HeapProfiler.collectGarbage')
    const { metrics } = await cdp.send('Performance.getMetrics')
    const m = Object.fromEntries(metrics.map(({ name, value }) => [name, value]))
    const out = {
      simMin: round(t / 60, 1),
      pageHeapUsedMiB: mib(m.JSHeapUsedSize),
      ...(await worker()),
      domNodes: m.Nodes,
      rendererRssMiB: mib(rss(lab)),
    }
    if (wasPlaying) await button('Play').click()
    return out
  }

  const open = async (flows = FLOWS) => {
    // A duration past the longest run: the lab stops at a scenario's duration (60 s by default).
    await page.goto(`${base}?v=1&duration=${EXTRA_H * 3600}&flows=${flows}&aqm=red&speed=max`)
    lab = renderers(browserPid).filter((p) => !others.has(p))
    await waitFor(
      'the engine',
      () => page.evaluate(() => (window.__aqm?.algorithms().length ?? 0) > 0 && window.__aqmCharts !== undefined),
      30_000,
    )
    if (!(await page.evaluate(() => typeof window.__aqmCharts.frameWhen === 'function'))) {
      throw new Error(
        `bench:page: ${dist}/ is older than this script (no __aqmCharts.frameWhen); run \`npm run build\``,
      )
    }
    await waitFor(
      `${flows} flows`,
      () => page.evaluate((n) => JSON.stringify(window.__aqm?.scenario() ?? null).includes(`"count":${n}`), flows),
      10_000,
    )
  }
  /** Frame times over FRAME_WINDOW_MS while the simulation runs at full speed, and the charts' share. */
  const measureFrames = async () => {
    const before = await page.evaluate(() => window.__aqmCharts.frameStats())
    const sim0 = await simTime()
    const gaps = await page.evaluate(
      (ms) =>
        new Promise((resolve) => {
          const out = []
          let last = 0
          const start = performance.now()
          const step = (now) => {
            if (last > 0) out.push(now - last)
            last = now
            if (now - start < ms) requestAnimationFrame(step)
            else resolve(out)
          }
          requestAnimationFrame(step)
        }),
      FRAME_WINDOW_MS,
    )
    const simRate = ((await simTime()) - sim0) / (FRAME_WINDOW_MS / 1000)
    const after = await page.evaluate(() => window.__aqmCharts.frameStats())
    return {
      windowS: FRAME_WINDOW_MS / 1000,
      count: gaps.length,
      frameTimeMs: stats(gaps),
      fps: round(1000 / (gaps.reduce((a, b) => a + b, 0) / gaps.length), 1),
      chartDrawMs: stats(after.drawMs),
      chartFramesDrawn: after.frames - before.frames,
      // Frames in which the data charts took turns (each drew every other frame: web/charts/frameLoop.ts).
      turnsShare: round((after.turnFrames - before.turnFrames) / Math.max(1, after.frames - before.frames), 2),
      simulatedSPerWallS: round(simRate, 0),
    }
  }
  await open()
  const charts = ['queue-chart', 'probability-curve', 'cwnd-chart', 'throughput-bars', 'fairness-chart', 'delay-chart']
  const visible = await page.evaluate(
    (ids) =>
      ids.every((id) => {
        const r = document.querySelector(`[data-testid="${id}"]`)?.getBoundingClientRect()
        return r !== undefined && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth
      }),
    charts,
  )
  if (!visible) throw new Error('bench:page: not every chart is on screen at 1280×720')
  await button('Play').click()
  await waitFor('25 simulated seconds', async () => (await simTime()) > 25, 30_000)
  log('playing; memory, then 10 s of frames')
  const memBefore = await memory()

  const frames = await measureFrames()

  // Input to frame. `armed` listens for the first input event of one gesture and waits, in the frame
  // loop, for the queue chart's handle and for the curve's handle (the engine's value) to change.
  const arm = () =>
    page.evaluate(() => {
      const handle = (chart) => document.querySelector(`[data-testid="${chart}"] [data-testid="handle-max_th"]`)
      const value = (chart) => handle(chart)?.getAttribute('aria-valuenow')
      const before = { queue: value('queue-chart'), curve: value('probability-curve') }
      const b = { inputAt: Number.NaN }
      const onInput = (e) => {
        if (Number.isNaN(b.inputAt) && (e.type === 'keydown' || e.buttons === 1)) b.inputAt = e.timeStamp
      }
      for (const type of ['keydown', 'pointermove']) window.addEventListener(type, onInput, { capture: true })
      const api = window.__aqmCharts
      b.done = Promise.all([
        api.frameWhen(() => !Number.isNaN(b.inputAt) && value('queue-chart') !== before.queue),
        api.frameWhen(() => !Number.isNaN(b.inputAt) && value('probability-curve') !== before.curve),
      ]).then(([queue, curve]) => {
        for (const type of ['keydown', 'pointermove']) window.removeEventListener(type, onInput, { capture: true })
        return {
          handleMs: queue ? queue.drawnAt - b.inputAt : null,
          engineMs: curve ? curve.drawnAt - b.inputAt : null,
        }
      })
      window.__bench = b
    })
  const collect = () => page.evaluate(() => window.__bench.done)
  const slider = page.getByTestId('queue-chart').getByTestId('handle-max_th')
  log('input to frame')
  const keys = []
  for (let i = 0; i < KEY_PRESSES; i++) {
    await slider.focus()
    await arm()
    await page.keyboard.press(i % 2 === 0 ? 'ArrowUp' : 'ArrowDown')
    keys.push(await collect())
    await sleep(300)
  }
  const drags = []
  for (let i = 0; i < DRAGS; i++) {
    const box = await slider.locator('.grip').boundingBox()
    const [x, y] = [box.x + box.width / 2, box.y + box.height / 2]
    await page.mouse.move(x, y)
    await page.mouse.down()
    await arm()
    await page.mouse.move(x, y + (i % 2 === 0 ? -25 : 25))
    drags.push(await collect())
    await page.mouse.up()
    await sleep(500)
  }

  log(`${MANY_FLOWS} flows: 10 s of frames`)
  await open(MANY_FLOWS)
  await button('Play').click()
  await waitFor('5 simulated seconds', async () => (await simTime()) > 5, 60_000)
  const manyFrames = await measureFrames()
  await button('Pause').click()

  log('30 simulated minutes from a fresh page')
  // A fresh page (new worker, new wasm instance), then 30 simulated minutes at full speed, then on to EXTRA_H hours.
  await open()
  const memStart = await memory()
  await button('Play').click()
  const wall0 = Date.now()
  await waitFor('30 simulated minutes', async () => (await simTime()) >= LONG_RUN_S, 30 * 60_000, 20)
  const longWallS = (Date.now() - wall0) / 1000
  const memAfter = await memory()
  const trend = []
  for (let h = 1; h <= EXTRA_H; h++) {
    await waitFor(`${h} simulated hours`, async () => (await simTime()) >= h * 3600, 30 * 60_000, 50)
    trend.push({ wallS: round((Date.now() - wall0) / 1000, 1), ...(await memory()) })
  }
  // The run stops by itself at the scenario's duration (EXTRA_H hours).
  if (await playing()) await button('Pause').click()

  const report = {
    chromium: browser.version(),
    flows: FLOWS,
    viewport: '1280x720',
    speed: 'max',
    frames,
    manyFlows: { flows: MANY_FLOWS, ...manyFrames },
    inputToFrame: {
      keyboard: {
        handleMs: stats(keys.map((k) => k.handleMs).filter(Number.isFinite)),
        engineMs: stats(keys.map((k) => k.engineMs).filter(Number.isFinite)),
      },
      drag: {
        handleMs: stats(drags.map((k) => k.handleMs).filter(Number.isFinite)),
        engineMs: stats(drags.map((k) => k.engineMs).filter(Number.isFinite)),
      },
      missed: [...keys, ...drags].filter((k) => k.handleMs === null || k.engineMs === null).length,
    },
    memoryWhilePlaying: memBefore,
    longRun: {
      simulatedS: LONG_RUN_S,
      wallS: round(longWallS, 1),
      xRealTime: round(LONG_RUN_S / longWallS, 0),
      before: memStart,
      after: memAfter,
      later: trend,
    },
    pageErrors: errors,
  }
  console.log(JSON.stringify(report, null, 2))
  if (process.env.BENCH_JSON) writeFileSync(process.env.BENCH_JSON, JSON.stringify(report, null, 2))

  const row = (k, v) => console.log(`${k.padEnd(44)} ${v}`)
  const ms = (s) => `median ${s.median} ms · p95 ${s.p95} ms · max ${s.max} ms (n=${s.n})`
  console.log(`\nlab page, ${FLOWS} flows, every chart on screen, full speed (${report.chromium})`)
  row('frame time (rAF deltas, 10 s)', ms(report.frames.frameTimeMs))
  row('charts drawing per frame', ms(report.frames.chartDrawMs))
  row('frames in which the charts took turns', `${Math.round(100 * report.frames.turnsShare)} %`)
  row('simulated s per wall s meanwhile', report.frames.simulatedSPerWallS)
  row(`${MANY_FLOWS} flows: frame time`, `${ms(report.manyFlows.frameTimeMs)} · ${report.manyFlows.fps} fps`)
  row(`${MANY_FLOWS} flows: charts drawing per frame`, ms(report.manyFlows.chartDrawMs))
  row(
    `${MANY_FLOWS} flows: frames in which the charts took turns`,
    `${Math.round(100 * report.manyFlows.turnsShare)} %`,
  )
  row('arrow key → handle drawn', ms(report.inputToFrame.keyboard.handleMs))
  row('arrow key → engine value drawn (curve)', ms(report.inputToFrame.keyboard.engineMs))
  row('drag move → handle drawn', ms(report.inputToFrame.drag.handleMs))
  row('drag move → engine value drawn (curve)', ms(report.inputToFrame.drag.engineMs))
  row('30 simulated min: wall time', `${report.longRun.wallS} s (${report.longRun.xRealTime}× real time)`)
  const mem = (m) =>
    `page heap ${m.pageHeapUsedMiB} · worker heap ${m.workerHeapUsedMiB} · wasm ${m.wasmMemoryMiB} · renderer RSS ${m.rendererRssMiB} MiB · ${m.domNodes} nodes`
  row('memory, fresh run (t = 0)', mem(memStart))
  row(`memory after 30 simulated min (t = ${memAfter.simMin} min)`, mem(memAfter))
  for (const m of trend) row(`memory at t = ${m.simMin} min (${m.wallS} s wall)`, mem(m))
  if (errors.length > 0) row('page errors', errors.join(' | '))
} catch (e) {
  console.error(viteLog)
  throw e
} finally {
  await browser.close()
  await server.close()
  vite.kill('SIGTERM')
}
