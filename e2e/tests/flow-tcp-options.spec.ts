// The flow editor's "More settings" carry today's TCP options (scenario fields of engine-wasm/src/scenario.rs):
// SACK, loss recovery (RFC 6582 / RFC 6937), Limited Transmit, RACK-TLP, HyStart++ (Cubic), Vegas α/β/γ and the
// timer granularity; the variant picker lists the schema's variants (BBR appears once the engine has it).
import { readFileSync } from 'node:fs'
import { test, expect } from '../fixtures'

const schema = JSON.parse(readFileSync(new URL('../../web/scenario/scenario.schema.json', import.meta.url), 'utf8'))
const flowField = (s: unknown, key: string): unknown => {
  const flows = typeof s === 'object' && s !== null ? Object.getOwnPropertyDescriptor(s, 'flows')?.value : undefined
  return Array.isArray(flows) ? Object.getOwnPropertyDescriptor(flows[0], key)?.value : undefined
}

test('TCP options in More settings reach the running scenario', async ({ app, sim }) => {
  const group = app.flowGroup(1)
  const variants = await group.tcp.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value))
  expect(variants).toEqual(schema.definitions.flowGroup.properties.tcp.enum)

  await group.group.getByText(app.t('flows.more')).click()
  const check = (key: string) => group.group.getByRole('checkbox', { name: app.t(`flows.${key}`), exact: true })
  await expect(check('hystart')).toHaveCount(0) // Cubic only
  await check('sack').check()
  await check('limited_transmit').check()
  await check('rack').check()
  await group.group.getByLabel(app.t('flows.recovery')).selectOption('prr')
  await expect(group.group.getByText(app.t('flows.recoveryHelp'))).toBeVisible()
  await group.group.getByLabel(new RegExp(`^${app.t('flows.timerGranularity')}`)).fill('1')

  await group.tcp.selectOption('cubic')
  await check('hystart').check()
  await app.applyButton.click()
  await expect.poll(async () => flowField(await app.page.evaluate(() => window.__aqm?.scenario()), 'tcp')).toBe('cubic')
  const s = await app.page.evaluate(() => window.__aqm?.scenario())
  for (const [key, value] of [
    ['sack', true],
    ['limited_transmit', true],
    ['rack', true],
    ['recovery', 'prr'],
    ['hystart', true],
    ['timer_granularity_ms', 1],
  ] as const) {
    expect(flowField(s, key), key).toBe(value)
  }
  await app.playButton.click()
  await expect.poll(() => sim.simTime()).toBeGreaterThan(0.5)

  // Vegas shows its α, β, γ with the schema's defaults.
  await group.tcp.selectOption('vegas')
  await expect(check('hystart')).toHaveCount(0)
  const alpha = group.group.getByLabel(new RegExp(`^${app.t('flows.vegas_alpha')}`))
  await expect(alpha).toHaveValue('1')
  await expect(group.group.getByLabel(new RegExp(`^${app.t('flows.vegas_beta')}`))).toHaveValue('3')
  await alpha.fill('2')
  await app.applyButton.click()
  await expect
    .poll(async () => flowField(await app.page.evaluate(() => window.__aqm?.scenario()), 'vegas_alpha'))
    .toBe(2)
  expect(app.consoleErrors).toEqual([])
})
