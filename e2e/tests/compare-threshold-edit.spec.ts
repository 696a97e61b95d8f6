// Issue 14 item 1: editing a RED threshold on one side of a comparison must not freeze that side
// ("Starting this side…" forever, transport disabled): the side keeps running the scenario it was
// built from, only with the edited parameter.
import { test, expect } from '../fixtures'
import { catalogue } from '../catalogue'

const charts = catalogue('en', 'charts')

test('compare: ↑ on min_th and a drag of max_th on the RED side keep both sides running', async ({ page, teach }) => {
  test.setTimeout(60_000)
  await teach.goto('?view=compare&preset=red-vs-droptail')
  const red = teach.side(1)
  await expect(teach.side(0)).toHaveAttribute('data-ready', 'true')
  await expect(red).toHaveAttribute('data-ready', 'true')
  const play = page.getByRole('button', { name: teach.app('transport.play'), exact: true })
  await expect(play).toBeEnabled()

  // RED's labels come from the engine's parameter schema (engine-wasm/src/aqm/red.rs).
  const minTh = red.getByRole('slider', { name: charts('handle.label', { label: 'min threshold' }), exact: true })
  await expect(minTh).toHaveAttribute('aria-valuenow', '15')
  await minTh.focus()
  await page.keyboard.press('ArrowUp')
  await expect(minTh).toHaveAttribute('aria-valuenow', '16')
  await expect(red).toHaveAttribute('data-ready', 'true')
  await expect(red.getByText(teach.t('compare.starting'))).toHaveCount(0)
  await expect(play).toBeEnabled()

  // A real drag of max_th to the right.
  const maxTh = red.getByRole('slider', { name: charts('handle.label', { label: 'max threshold' }), exact: true })
  const box = await maxTh.locator('.grip').boundingBox()
  if (box === null) throw new Error('the max_th grip is not on screen')
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2]
  await page.mouse.move(x, y)
  await page.mouse.down()
  for (let dy = 5; dy <= 30; dy += 5) await page.mouse.move(x, y - dy)
  await page.mouse.up()
  await expect.poll(async () => Number(await maxTh.getAttribute('aria-valuenow'))).not.toBe(45)
  await expect(red).toHaveAttribute('data-ready', 'true')
  await expect(play).toBeEnabled()

  // And the comparison still plays, both sides in lock step.
  await play.click()
  await expect
    .poll(async () => Math.min(...(await teach.compareSides()).map((s) => s.simTime)), { timeout: 30_000 })
    .toBeGreaterThan(1)
  expect((await teach.compareSides()).every((s) => s.ready)).toBe(true)
  expect(teach.consoleErrors).toEqual([])
})
