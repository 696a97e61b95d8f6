// A host page of another origin drives a sandboxed embed served under a sub-path, through the
// postMessage API: requests act, malformed messages are ignored (or answered with an error), and the
// embed keeps running.
import type { Frame } from '@playwright/test'
import { labApi } from '../pages/SharePage'
import { test, expect } from '../fixtures'

const HOST = 'http://host.test'

function hostPage(src: string): string {
  return `<!doctype html><meta charset="utf-8"><title>Host</title>
<iframe id="lab" src="${src.replace(/&/g, '&amp;')}" width="900" height="700"
  sandbox="allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox"></iframe>
<script>
  window.received = []
  window.addEventListener('message', (e) => { if (e.source === document.getElementById('lab').contentWindow) window.received.push(e.data) })
  window.send = (m) => document.getElementById('lab').contentWindow.postMessage(m, '*')
</script>`
}

interface Received {
  type: string
  id?: unknown
  message?: string
  link?: string
  simTime?: number
  aqm?: Record<string, unknown>
}

test('a host page of another origin drives a sandboxed embed under a sub-path', async ({ page, context, baseURL }) => {
  // Serve the built lab under /sub/ too, as a static host would from a sub-directory.
  await context.route(/\/sub\//, async (route) => {
    const response = await route.fetch({ url: route.request().url().replace('/sub/', '/') })
    await route.fulfill({ response })
  })
  const src = `${baseURL}/sub/?v=1&aqm=red&embed=1&views=queue&controls=play`
  await page.route(`${HOST}/**`, (route) => route.fulfill({ contentType: 'text/html', body: hostPage(src) }))
  await page.goto(`${HOST}/course.html`)

  const received = () => page.evaluate(() => (window as unknown as { received: Received[] }).received)
  const send = (m: unknown) => page.evaluate((msg) => (window as unknown as { send(m: unknown): void }).send(msg), m)
  const reply = (pred: (r: Received) => boolean) => received().then((all) => all.find(pred) ?? null)

  await expect.poll(() => reply((r) => r.type === 'aqm:ready')).not.toBeNull()
  const frame = page.frames().find((f) => f.url().includes('/sub/'))
  if (!frame) throw new Error('no lab frame')
  const lab = labApi(frame as Frame)
  await expect.poll(() => lab.ready()).toBe(true)

  // Malformed: not ours (ignored silently), or ours with a wrong field (answered, not acted on).
  for (const m of ['hello', 42, null, [1, 2], { type: 'play' }, { kind: 'aqm:play' }]) await send(m)
  await send({ type: 'aqm:set-param', name: 'max_th', id: 1 })
  await send({ type: 'aqm:step', seconds: 1e9, id: 2 })
  await send({ type: 'aqm:explode', id: 3 })
  await send({ type: 'aqm:set-param', name: '<img src=x>', value: 1, id: 4 })
  await expect
    .poll(async () => (await received()).filter((r) => r.type === 'aqm:error').map((r) => r.id))
    .toEqual([1, 2, 3, 4])
  expect((await reply((r) => r.id === 1))?.message).toContain('value must be a finite number')
  expect(await lab.playing()).toBe(false)
  expect(await lab.simTime()).toBe(0)

  // Requests act: a live parameter change, a refusal from the engine, play, metrics, the scenario's link.
  await send({ type: 'aqm:set-param', name: 'max_th', value: 40, id: 5 })
  await expect.poll(() => lab.aqm()).toMatchObject({ kind: 'red', max_th: 40 })
  await send({ type: 'aqm:set-param', name: 'max_th', value: 1e12, id: 6 })
  await expect.poll(async () => (await reply((r) => r.id === 6))?.message ?? '').toContain('max_th')
  await send({ type: 'aqm:play' })
  await expect
    .poll(async () => (await received()).some((r) => r.type === 'aqm:metrics' && (r.simTime ?? 0) > 1))
    .toBe(true)
  await send({ type: 'aqm:get-scenario', id: 'now' })
  await expect.poll(async () => (await reply((r) => r.id === 'now'))?.link ?? '').toContain('aqm=red&max_th=40')

  // A hostile scenario from the host is refused with its message; the embed keeps what it runs.
  await send({ type: 'aqm:load', link: '?v=1&flows=1e6', id: 7 })
  await expect
    .poll(async () => (await reply((r) => r.id === 7))?.message ?? '')
    .toContain('flows[0].count must be from 1 to 10000')
  expect(await lab.scenario()).toMatchObject({ flows: [{ count: 5 }], aqm: { max_th: 40 } })
  const t = await lab.simTime()
  await expect.poll(() => lab.simTime()).toBeGreaterThan(t + 0.5)
})
