// Issue 32, the class view: a teacher drops in students' session files, an exported results file and a lesson's
// suspend data; each student's prediction score, outcome over its measured window and changes, or a lesson's
// answers against the run's and score, are shown side by side, with a replay link, and the table exports as CSV.
// A file that is neither is named in a message.
import { readFileSync } from 'node:fs'
import { catalogue } from '../catalogue'
import { classFiles } from '../classFiles'
import { test, expect } from '@playwright/test'

test('the class view lists each student side by side and exports the table as CSV', async ({ page }) => {
  const t = catalogue('en', 'class')
  await page.goto('./?view=class')
  await expect(page.getByRole('heading', { name: t('title') })).toBeVisible()
  await page.getByLabel(t('pick')).setInputFiles(classFiles())
  const table = page.getByRole('table', { name: t('caption', { n: 4 }) })
  await expect(table.locator('tbody tr')).toHaveCount(4)
  await expect(page.getByRole('alert')).toHaveText(t('problem.not-student-file', { name: 'notes.json' }))

  const ana = table.getByRole('row', { name: /ana\.json/ })
  await expect(ana.getByRole('cell').nth(0)).toHaveText('red')
  await expect(ana.getByRole('cell').nth(1)).toHaveText(t('score', { score: 72 }))
  await expect(ana.getByRole('cell').nth(4)).toHaveText('5.0–30.0')
  await expect(ana.getByRole('cell').nth(5)).toHaveText('12.3')
  await expect(ana.getByRole('cell').nth(8).getByRole('listitem')).toHaveText([
    '6.3 s min_th=8',
    '9.8 s max_th=40',
    '20.1 s → codel',
  ])
  const replay = ana.getByRole('link', { name: t('replayOf', { name: 'ana.json' }) })
  await expect(replay).toHaveAttribute('href', /\?view=replay&log=[A-Za-z0-9_-]+$/)
  const bo = table.getByRole('row', { name: /bo\.json/ })
  await expect(bo.getByRole('cell').nth(1)).toHaveText(t('noPrediction'))
  await expect(bo.getByRole('cell').nth(8)).toHaveText(t('noChanges'))
  const cy = table.getByRole('row', { name: /cy-results\.json/ })
  await expect(cy.getByRole('cell').nth(6)).toHaveText('15.0')
  await expect(cy.getByRole('cell').nth(8)).toHaveText(t('resultsOnly'))

  // A lesson from its LMS's suspend data: each answer against the run's, the sketch's and the lesson's score, the
  // replay of the side whose log was kept, and a note for the one left out.
  const teach = catalogue('en', 'teach')
  const dana = table.getByRole('row', { name: /dana-lesson\.txt/ })
  await expect(dana.getByRole('cell').nth(0)).toContainText(teach('lesson.red-vs-droptail.intro.title'))
  await expect(dana.getByRole('cell').nth(1)).toHaveText(
    `${teach('lesson.red-vs-droptail.droptail.title')}: ${t('score', { score: 64 })}`,
  )
  const choice = (step: string, c: string) => teach(`lesson.red-vs-droptail.${step}.choices.${c}`)
  const answer = (step: string, chosen: string, run: string, right: boolean) =>
    `${t('lesson.answer', { step: teach(`lesson.red-vs-droptail.${step}.title`), chosen: choice(step, chosen), run: choice(step, run) })} ${t(right ? 'lesson.right' : 'lesson.wrong')}`
  await expect(dana.getByRole('cell').nth(2).getByRole('listitem')).toHaveText([
    answer('droptail', 'full', 'full', true),
    answer('red', 'min_th', 'min_th', true),
    answer('sync', 'droptail', 'red', false),
  ])
  await expect(dana.getByRole('cell').nth(3)).toHaveText(t('score', { score: 66 }))
  await expect(
    dana.getByRole('link', { name: t('replaySideOf', { name: 'dana-lesson.txt', side: 'red' }) }),
  ).toHaveAttribute('href', /\?view=replay&log=[A-Za-z0-9_-]+$/)
  await expect(dana.getByRole('cell').nth(9)).toContainText(t('lesson.leftOut'))

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('class-csv').click()])
  expect(download.suggestedFilename()).toBe('aqm-lab-class.csv')
  const csv = readFileSync(await download.path(), 'utf8').split('\r\n')
  expect(csv).toHaveLength(6) // header, four students, the final line break
  expect(csv[0]).toMatch(/^student_file,source,algorithm,prediction_score,/)
  expect(csv[1]).toMatch(
    /^ana\.json,session,red,72,5,30,12\.25,9\.8,9\.41,6\.3 s min_th=8; 9\.8 s max_th=40; 20\.1 s → codel,/,
  )
  expect(csv[4]).toMatch(/^dana-lesson\.txt,lesson,,,,,,,,,red-vs-droptail,yes,66,droptail: full → full \(right\);/)
  expect(csv[3]).toMatch(/^cy-results\.json,results,red,,2,20,,15,8\.5,,,,,,,$/)

  // In Korean, every word of the view comes from its catalogue.
  const ko = catalogue('ko', 'class')
  await page.goto('./?view=class&lang=ko')
  await expect(page.getByRole('heading', { name: ko('title') })).toBeVisible()
  await page.getByLabel(ko('pick')).setInputFiles(classFiles().slice(0, 1))
  await expect(page.getByRole('table', { name: ko('caption', { n: 1 }) })).toBeVisible()
  await expect(page.getByRole('columnheader', { name: ko('col.prediction') })).toBeVisible()
  await page.getByLabel(ko('pick')).setInputFiles(classFiles().slice(3, 4))
  await expect(page.getByRole('columnheader', { name: ko('col.answers') })).toBeVisible()
  await expect(page.getByText(ko('lesson.leftOut'))).toBeVisible()
})
