// Issue 27 item 1: "agrees with ns-3" appears only for a preset whose own sides ran in ns-3 as validation
// cases (a case file naming the preset and side: validation/cases/*.json `preset`), and says under which
// profile; a preset that no case ran shows no badge, whatever its discipline and link rate.
import { readFileSync } from 'node:fs'
import { test, expect } from '../fixtures'
import { catalogue } from '../catalogue'
import { TeachPage } from '../pages/TeachPage'
import { validationCases as cases } from '../validationCases'

const presetIds = (
  JSON.parse(readFileSync(new URL('../../public/presets/index.json', import.meta.url), 'utf8')) as { presets: string[] }
).presets
/** Presets that no case file names: they must show no badge. */
const unvalidated = presetIds.filter((id) => !cases.some((c) => c.preset?.id === id))

test('a preset without its own ns-3 case shows no badge, in the gallery and in its lab', async ({ teach }) => {
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

const METRICS: [string, number][] = [
  ['goodput_mbps', 0],
  ['utilisation', 0],
  ['mean_queue_pkts', 0],
  ['mean_delay_ms', 0],
  ['drops', 100],
  ['jain', 0],
]

type Case = (typeof cases)[number]
const comparedIn = (c: Case, k: string, min: number) => {
  const x = c.ns3.metrics[k]
  return typeof x === 'number' && x >= min
}
const agreesIn = (c: Case, k: string, min: number) =>
  comparedIn(c, k, min) && (c.expect === 'agree' || !(k in c.expect))

/** Presets whose every side has its own case, with the badge's words counted here from the case files. */
function validated(lang: 'en' | 'ko'): { id: string; words: Record<string, string | number> }[] {
  const v = catalogue(lang, 'validation')
  const out: { id: string; words: Record<string, string | number> }[] = []
  for (const id of presetIds) {
    const p = JSON.parse(readFileSync(new URL(`../../public/presets/${id}.json`, import.meta.url), 'utf8')) as {
      compare?: unknown[]
    }
    const sides = Array.from({ length: 1 + (p.compare?.length ?? 0) }, (_, k) => k)
    const own = sides.map((k) => cases.find((c) => c.preset?.id === id && c.preset.side === k))
    const found = own.filter((c): c is Case => c !== undefined)
    if (found.length < own.length) continue
    const n = found.reduce((a, c) => a + METRICS.filter(([k, min]) => agreesIn(c, k, min)).length, 0)
    const m = found.reduce((a, c) => a + METRICS.filter(([k, min]) => comparedIn(c, k, min)).length, 0)
    const everywhere = METRICS.filter(([k, min]) => found.every((c) => agreesIn(c, k, min))).map(([k]) =>
      v(`metric_short.${k}`),
    )
    const profile = catalogue(lang)('run.profiles.ns3')
    out.push({ id, words: { n, m, profile, metrics: everywhere.join(', ') || v('none') } })
  }
  return out
}

test('a preset whose every side ran in ns-3 shows the badge with its profile and agreeing metrics (en, ko)', async ({
  page,
}) => {
  for (const lang of ['en', 'ko'] as const) {
    const teach = new TeachPage(page, lang)
    await teach.goto(`?view=gallery&lang=${lang}`)
    const list = validated(lang)
    expect(list.length).toBeGreaterThan(0)
    for (const { id, words } of list) {
      const badge = teach.card(id).getByTestId('validation-badge')
      await expect(badge).toHaveText(catalogue(lang, 'validation')('badge.text', words))
      await expect(badge).toHaveAttribute('data-profile', 'ns3')
    }
    const first = list[0]
    await teach.card(first.id).getByTestId('validation-badge').click()
    await expect(page).toHaveURL(/[?&]view=validation#case-preset-/)
  }
})
