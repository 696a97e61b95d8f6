// Drawing a prediction by sketch on a lesson's queue chart (web/charts/sketch/), the way a person does: the
// "Predict" button, then one stroke across the drawing surface from left to right.
import type { FrameLocator, Page } from '@playwright/test'

export async function drawLessonSketch(page: Page, scope: Page | FrameLocator, predict: string): Promise<void> {
  await scope.getByRole('button', { name: predict }).click()
  const surface = scope.getByTestId('walk-queue').getByTestId('sketch-surface')
  // In a frame smaller than the lesson, the chart may be below its fold: the stroke must land on the surface.
  await surface.scrollIntoViewIfNeeded()
  const box = await surface.boundingBox()
  if (box === null) throw new Error('no drawing surface')
  await page.mouse.move(box.x + 5, box.y + box.height * 0.5)
  await page.mouse.down()
  for (let k = 1; k <= 10; k++) await page.mouse.move(box.x + 5 + (box.width * 0.9 * k) / 10, box.y + box.height * 0.3)
  await page.mouse.up()
}
