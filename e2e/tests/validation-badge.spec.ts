// Issue 27 item 1: "agrees with ns-3" appears only for a preset whose own sides ran in ns-3 as validation
// cases (a case file naming the preset and side: validation/cases/*.json `preset`), and says under which
// profile; a preset that no case ran shows no badge, whatever its discipline and link rate.
import { readdirSync, readFileSync } from 'node:fs'
import { test, expect } from '../fixtures'
import { TeachPage } from '../pages/TeachPage'

const dir = new URL('../../validation/cases/', import.meta.url)
const cases = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .map((f) => JSON.parse(readFileSync(new URL(f, dir), 'utf8')) as { id: string; preset?: { id: string } })
const presetIds = (
  JSON.parse(readFileSync(new URL('../../public/presets/index.json', import.meta.url), 'utf8')) as { presets: string[] }
).presets
/** Presets that no case file names: they must show no badge. */
const unvalidated = presetIds.filter((id) => !cases.some((c) => c.preset?.id === id))

test('a preset without its own ns-3 case shows no badge, in the gallery and in its lab', async ({ page }) => {
  const teach = new TeachPage(page)
  await teach.goto('?view=gallery')
  expect(unvalidated.length).toBeGreaterThan(0)
  // seed 000 runs RED with NewReno at 10 Mbit/s like case red-newreno-10f-10m, but that case is not its scenario.
  expect(unvalidated).toContain('seed000-red-ared-qvared')
  await expect(teach.card(presetIds[0]).getByRole('heading')).toBeVisible()
  for (const id of unvalidated) await expect(teach.card(id).getByTestId('validation-badge'), id).toHaveCount(0)
  await teach.goto('?preset=seed000-red-ared-qvared')
  await expect(teach.presetInfo.getByRole('heading').first()).toBeVisible()
  await expect(teach.presetInfo.getByTestId('validation-badge')).toHaveCount(0)
  expect(teach.consoleErrors).toEqual([])
})
