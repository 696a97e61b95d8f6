// Issue 14, item 20: gallery cards credit the paper (title, authors, year), jargon has help that opens by
// keyboard and by touch, and ARED-family threshold sliders span the link's buffer, not 10^6 packets.
import { catalogue } from '../catalogue'
import { test, expect } from '../fixtures'
import { labApi } from '../pages/SharePage'

test('seed cards show the paper, not the seed file', async ({ page, teach }) => {
  await teach.goto('?view=gallery')
  const card = teach.card('seed003-hred-load-step')
  await expect(card.getByTestId('paper-cite')).toContainText('Hybrid Random Early Detection')
  await expect(card.getByTestId('paper-cite')).toContainText('Changhee Joo, Saewoong Bahk · 2002')
  await expect(page.locator('body')).not.toContainText(/\d{3}_[0-9a-f]{8,}\.txt/)
  await expect(page.locator('body')).not.toContainText(/seed \d{3}/)
})

test('jargon help opens by keyboard and by tap', async ({ page, openLab }) => {
  const charts = catalogue('en', 'charts')
  const { app, sim } = await openLab('./?v=1&aqm=red&warmup=1&speed=8')
  // p_b in the readouts: keyboard.
  const pHelp = page.getByRole('button', { name: charts('help.about', { term: charts('readouts.p') }) })
  await pHelp.focus()
  await page.keyboard.press('Enter')
  await expect(page.getByText(charts('readouts.help_p'))).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByText(charts('readouts.help_p'))).toBeHidden()
  // The sync index in the summary: a tap.
  await app.playButton.click()
  await expect.poll(() => sim.simTime()).toBeGreaterThan(3)
  await app.pauseButton.click()
  const syncHelp = page.getByRole('button', { name: charts('help.about', { term: charts('summary.sync') }) })
  await syncHelp.dispatchEvent('click', { pointerType: 'touch' })
  await expect(page.getByRole('note').filter({ hasText: 'Global synchronisation' })).toBeVisible()
})

for (const kind of ['ared', 'qvared', 'feng_ared']) {
  test(`${kind}: threshold sliders span the buffer`, async ({ page }) => {
    const app = catalogue('en', 'app')
    await page.goto(`./?v=1&aqm=${kind}`)
    await expect.poll(() => labApi(page).aqm()).toMatchObject({ kind })
    const slider = page.getByRole('slider', {
      name: app('params.slider', { label: app(`algorithms.${kind}.params.min_th`) }),
    })
    // min_th 5 of a 100-packet buffer sits 5 % along, not at 5/10^6 (stuck at the left).
    const pos = Number(await slider.inputValue())
    const max = Number(await slider.getAttribute('max'))
    expect(pos / max).toBeGreaterThan(0.02)
    await expect(page.getByRole('group', { name: app(`algorithms.${kind}.params.min_th`) })).toContainText('100')
  })
}
