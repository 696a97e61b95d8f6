// On a phone (390×844) the lab is one column: the charts first, the controls after. Play must still be on
// the first screen together with the queue chart (it was 2,000 px down, under six charts), and stay where
// it was once the run plays.
import { test, expect } from '../fixtures'

test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 })

for (const search of ['./?v=2', './?v=2&aqm=red']) {
  test(`phone: Play and the queue chart are on the first screen (${search})`, async ({ page, openLab }) => {
    const { app } = await openLab(search)
    await expect(app.playButton).toBeVisible()
    const play = (await app.playButton.boundingBox())!
    expect(play.y + play.height).toBeLessThanOrEqual(844)
    const queue = (await page.getByTestId('queue-chart').boundingBox())!
    // The chart's top and at least part of its plot on the first screen.
    expect(queue.y + 120).toBeLessThanOrEqual(844)
    await app.playButton.click()
    await expect(app.pauseButton).toBeVisible()
    const pause = (await app.pauseButton.boundingBox())!
    expect(pause.y + pause.height).toBeLessThanOrEqual(844)
    expect(app.consoleErrors).toEqual([])
  })
}
