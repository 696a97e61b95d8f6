// Issue 14 item 7 (rest): in a preset's lab the address bar says what runs. While the scenario is the
// preset's, it reads `?preset=<id>` alone (as old links do); once it is edited, it carries the scenario
// beside the preset's id, and a shared link of the edited lab reopens that scenario with the lesson panel.
import { SharePage, labApi } from '../pages/SharePage'
import { SimApi } from '../simApi'
import { test, expect } from '../fixtures'

test("an edited preset lab's address and shared link keep the edit and the lesson panel", async ({
  page,
  openLab,
  context,
  share,
}) => {
  const lab = labApi(page)
  const { app } = await openLab('./?preset=red-vs-droptail')
  await expect.poll(async () => (await lab.aqm())?.kind).toBe('droptail')
  await expect(page.getByTestId('preset-info')).toBeVisible()
  // The preset as it is: the old link, untouched.
  expect(new URL(page.url()).search).toBe('?preset=red-vs-droptail')

  await app.algorithm.selectOption('red')
  await expect.poll(async () => (await lab.aqm())?.kind).toBe('red')
  // The address no longer claims the preset alone: it names the preset and the scenario that runs.
  await expect.poll(() => new URL(page.url()).searchParams.get('aqm')).toBe('red')
  expect(new URL(page.url()).searchParams.get('preset')).toBe('red-vs-droptail')
  const edited = await lab.aqm()
  const address = new URL(page.url()).search

  await share.openDialog()
  const link = await share.linkField.inputValue()
  expect(new URL(link).searchParams.get('preset')).toBe('red-vs-droptail')
  expect(new URL(link).searchParams.get('aqm')).toBe('red')
  await page.keyboard.press('Escape')
  await expect(share.dialog).toBeHidden()

  // The shared link reopens the edited scenario, not the preset's, with the preset's lesson panel.
  const other = await context.newPage()
  const otherLab = labApi(other)
  await new SharePage(other).open(link)
  await expect(other.getByTestId('preset-info')).toBeVisible()
  await expect.poll(() => otherLab.aqm()).toEqual(edited)
  expect(edited).toMatchObject({ kind: 'red', min_th: 15, max_th: 45, max_p: 0.1 })
  await expect.poll(() => new SimApi(other).totalFlows()).toBe(8)
  // The link codec writes only what differs from the defaults: the same address is the same scenario.
  await expect.poll(() => new URL(other.url()).search).toBe(address)

  // Back to the preset's own algorithm and settings: the address is the plain preset link again.
  await app.algorithm.selectOption('droptail')
  await expect.poll(async () => (await lab.aqm())?.kind).toBe('droptail')
  await expect.poll(() => new URL(page.url()).search).toBe('?preset=red-vs-droptail')
})
