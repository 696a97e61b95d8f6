// The Validation page's theory section: one row per closed-form reference (validation/theory.json), each
// with the engine's number computed in the page's workers; that number is exactly what the native CLI
// (`aqm-cli run`) prints for the same scenario, and a recorded miss shows its reason.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { test, expect } from '../fixtures'
import { catalogue } from '../catalogue'

const crate = fileURLToPath(new URL('../../engine-wasm/', import.meta.url))
const cli = `${crate}target/release/aqm-cli`
const table = JSON.parse(readFileSync(new URL('../../validation/theory.json', import.meta.url), 'utf8')) as {
  cases: { id: string; scenario: unknown; expect: 'agree' | { reason: string } }[]
}
const ROW = 'rfc8312-t1-reno-1e-3'
/** A BBR row: its goodput is the CLI's too (the page's wasm carries the same BBR as the native engine). */
const BBR_ROW = 'bbr-random-1e-2'
/** A two-flow row: Prague's goodput over Cubic's through DualPI2 (RFC 9332's coupled rate ratio). */
const RATIO_ROW = 'rfc9332-cut-k2'

let cliNumber = Number.NaN
let cliBbr = Number.NaN
let cliRatio = Number.NaN

function runCli(id: string): { flows: { cwnd_mean: number; goodput_mbps: number }[] } {
  const c = table.cases.find((x) => x.id === id)
  if (c === undefined) throw new Error(`no theory case ${id}`)
  const file = join(mkdtempSync(join(tmpdir(), 'aqm-theory-')), 'scenario.json')
  writeFileSync(file, JSON.stringify(c.scenario))
  return JSON.parse(execFileSync(cli, ['run', file], { encoding: 'utf8' })) as {
    flows: { cwnd_mean: number; goodput_mbps: number }[]
  }
}

test.beforeAll(() => {
  test.setTimeout(600_000)
  // No-op when up to date; the page's wasm and this binary are built from the same sources.
  execFileSync('cargo', ['build', '--release', '--quiet', '--bin', 'aqm-cli'], { cwd: crate, stdio: 'inherit' })
  cliNumber = runCli(ROW).flows[0].cwnd_mean
  cliBbr = runCli(BBR_ROW).flows[0].goodput_mbps
  const coupled = runCli(RATIO_ROW).flows
  cliRatio = coupled[0].goodput_mbps / coupled[1].goodput_mbps
})

test('the theory section shows every reference, and a row’s number is the CLI’s', async ({ page, teach }) => {
  test.setTimeout(240_000)
  const v = catalogue('en', 'validation')
  await teach.goto('?view=validation')
  const section = page.getByRole('region', { name: v('theory.heading') })
  await expect(section).toBeVisible()
  const rows = section.getByTestId('theory-row')
  await expect(rows).toHaveCount(table.cases.length)
  await expect(section.getByTestId('theory-progress')).toHaveText(v('theory.finished', { total: table.cases.length }), {
    timeout: 200_000,
  })

  const row = section.locator(`tr[data-case="${ROW}"]`)
  expect(Number.isFinite(cliNumber)).toBe(true)
  // The page's number, to the bit, is the native engine's; the cell shows it rounded.
  expect(Number(await row.getAttribute('data-ours'))).toBe(cliNumber)
  await expect(row.getByTestId('theory-ours')).toHaveText(cliNumber.toFixed(1))
  await expect(row).toContainText(v('theory.source.rfc8312_table1'))
  await expect(row).toContainText('38')
  await expect(row).toHaveAttribute('data-verdict', 'agree')
  const bbr = section.locator(`tr[data-case="${BBR_ROW}"]`)
  expect(Number.isFinite(cliBbr)).toBe(true)
  expect(Number(await bbr.getAttribute('data-ours'))).toBe(cliBbr)
  await expect(bbr).toContainText(v('theory.source.cardwell2016'))
  const ratio = section.locator(`tr[data-case="${RATIO_ROW}"]`)
  expect(Number.isFinite(cliRatio)).toBe(true)
  expect(Number(await ratio.getAttribute('data-ours'))).toBe(cliRatio)
  await expect(ratio.getByTestId('theory-ours')).toHaveText(cliRatio.toFixed(2))
  await expect(ratio).toContainText(v('theory.source.rfc9332'))
  await expect(ratio).toHaveAttribute('data-verdict', 'agree')

  // Every row reaches the verdict the table records; a recorded miss names its reason.
  for (const c of table.cases) {
    const r = section.locator(`tr[data-case="${c.id}"]`)
    await expect(r).toHaveAttribute('data-verdict', c.expect === 'agree' ? 'agree' : 'known_miss')
    if (c.expect !== 'agree') await expect(r).toContainText(v(`theory.reason.${c.expect.reason}`).slice(0, 40))
  }
  expect(teach.consoleErrors).toEqual([])
})
