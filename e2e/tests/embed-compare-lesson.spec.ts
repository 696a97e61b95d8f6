// Issue 27, item 9 (embeds): a framed Compare view tells its host page the height to give the frame
// (`aqm:resize`, as the single-lab embed does), and a lesson can be embedded: `embed=1` shows the lesson alone,
// without the site's header and lesson list, and reports its height too.
import { test, expect, type Page } from '@playwright/test'
import { catalogue } from '../catalogue'

const teach = catalogue('en', 'teach')

/** A host page from the lab's origin holding one 760 px frame of `src`, recording the messages it receives. */
async function host(page: Page, src: string): Promise<void> {
  await page.route('**/e2e-host.html', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html><body><script>window.got = []; addEventListener('message', (e) => window.got.push(e.data))</script>
<iframe id="f" src="${src}" style="width: 900px; height: 760px" title="lab"></iframe></body></html>`,
    }),
  )
  await page.goto('./e2e-host.html')
}

const heights = (page: Page) =>
  page.evaluate(() =>
    ((window as unknown as { got: Array<{ type?: string; height?: number }> }).got ?? [])
      .filter((m) => m?.type === 'aqm:resize')
      .map((m) => m.height ?? 0),
  )

test('a framed comparison tells the host its height', async ({ page }) => {
  await host(page, './?view=compare&preset=bufferbloat-codel-pie&embed=1')
  await expect(page.frameLocator('#f').getByTestId('compare-side-0')).toBeVisible({ timeout: 20_000 })
  await expect.poll(async () => Math.max(0, ...(await heights(page)))).toBeGreaterThan(760)
})

test('a lesson embeds alone and tells the host its height', async ({ page }) => {
  await host(page, './?view=walkthrough&lesson=red-vs-droptail&embed=1')
  const frame = page.frameLocator('#f')
  await expect(frame.getByTestId('walk-step')).toHaveAttribute('data-step', 'intro')
  // No site header or lesson list inside the course page's frame.
  await expect(frame.getByRole('banner')).toHaveCount(0)
  await expect(frame.getByRole('navigation', { name: teach('nav.label') })).toHaveCount(0)
  await expect.poll(async () => (await heights(page)).length).toBeGreaterThan(0)
  // The lesson still works inside: a step forward.
  await frame.getByRole('button', { name: teach('walk.next') }).click()
  await expect(frame.getByTestId('walk-step')).toHaveAttribute('data-step', 'droptail')
})
