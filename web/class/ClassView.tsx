// ?view=class: a teacher drops in the students' session files (or exported results) and sees each student's
// prediction against the outcome, what they changed, and a replay link, side by side; the table exports as CSV.
// Nothing leaves the browser.
import { useState, type DragEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { ToolPage } from '../chrome/ToolPage'
import { download } from '../share/exporters'
import { replayLink } from '../session/recorder'
import { changeText, classCsv, readStudentFile, type StudentRow } from './classRows'
import { LessonAnswers, LessonName, LessonSketches } from './LessonCells'
import './class.css'

const fmt = (v: number | null | undefined, digits: number) =>
  v === null || v === undefined || !Number.isFinite(v) ? '—' : v.toFixed(digits)

export function ClassView() {
  const { t } = useTranslation('class')
  const [rows, setRows] = useState<StudentRow[]>([])
  const [problems, setProblems] = useState<string[]>([])
  const [over, setOver] = useState(false)

  const add = async (files: FileList | null) => {
    if (files === null) return
    const read = await Promise.all(
      [...files].map(async (f) => ({ name: f.name, r: readStudentFile(f.name, await f.text()) })),
    )
    const fresh = read.flatMap(({ r }) => ('row' in r ? [r.row] : []))
    setRows((old) => [...old.filter((o) => !fresh.some((n) => n.file === o.file)), ...fresh])
    setProblems(read.flatMap(({ name, r }) => ('problem' in r ? [t(`problem.${r.problem}`, { name })] : [])))
  }
  const onDrop = (e: DragEvent) => {
    e.preventDefault()
    setOver(false)
    void add(e.dataTransfer.files)
  }

  return (
    <ToolPage className="class-page" title={t('title')} intro={t('intro')}>
      <div
        className={`class-drop${over ? ' class-drop-over' : ''}`}
        onDragOver={(e) => {
          e.preventDefault()
          setOver(true)
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
      >
        <label>
          {t('pick')}{' '}
          <input
            type="file"
            multiple
            accept=".json,.txt,application/json,text/plain"
            onChange={(e) => void add(e.target.files)}
            data-testid="class-files"
          />
        </label>
        <p className="muted">{t('drop')}</p>
      </div>
      {problems.map((p) => (
        <p key={p} role="alert" className="tool-error">
          {p}
        </p>
      ))}
      {rows.length === 0 ? (
        <p>{t('empty')}</p>
      ) : (
        <>
          <div className="class-actions">
            <button
              type="button"
              onClick={() => download('aqm-lab-class.csv', classCsv(rows), 'text/csv')}
              data-testid="class-csv"
            >
              {t('csv')}
            </button>
            <button type="button" onClick={() => setRows([])}>
              {t('clear')}
            </button>
          </div>
          <div className="class-table-wrap">
            <table className="class-table" data-testid="class-table">
              <caption>{t('caption', { n: rows.length })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('col.student')}</th>
                  <th scope="col">{t('col.algorithm')}</th>
                  <th scope="col">{t('col.prediction')}</th>
                  <th scope="col">{t('col.answers')}</th>
                  <th scope="col">{t('col.lessonScore')}</th>
                  <th scope="col">{t('col.window')}</th>
                  <th scope="col">{t('col.queue')}</th>
                  <th scope="col">{t('col.delay')}</th>
                  <th scope="col">{t('col.goodput')}</th>
                  <th scope="col">{t('col.changes')}</th>
                  <th scope="col">{t('col.replay')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.file}>
                    <th scope="row">{r.file}</th>
                    <td>{r.lesson === undefined ? (r.algorithm ?? '—') : <LessonName lesson={r.lesson} />}</td>
                    <td>
                      {r.lesson !== undefined ? (
                        <LessonSketches lesson={r.lesson} />
                      ) : r.prediction === undefined ? (
                        t('noPrediction')
                      ) : r.prediction === null ? (
                        t('notComparable')
                      ) : (
                        t('score', { score: r.prediction })
                      )}
                    </td>
                    <td className={r.lesson === undefined ? undefined : 'class-answers'}>
                      {r.lesson === undefined ? '—' : <LessonAnswers lesson={r.lesson} />}
                    </td>
                    <td>
                      {r.lesson?.score === undefined || r.lesson.score === null
                        ? '—'
                        : t('score', { score: r.lesson.score })}
                    </td>
                    <td>{r.outcome === null ? '—' : `${fmt(r.outcome.from, 1)}–${fmt(r.outcome.to, 1)}`}</td>
                    <td>{fmt(r.outcome?.meanQueuePkts, 1)}</td>
                    <td>{fmt(r.outcome?.delayMsMean, 1)}</td>
                    <td>{fmt(r.outcome?.goodputMbps, 2)}</td>
                    <td>
                      {r.source === 'results' ? (
                        <span className="muted">{t('resultsOnly')}</span>
                      ) : r.source === 'lesson' ? (
                        <span className="muted">{t('lesson.fixed')}</span>
                      ) : r.changes.length === 0 ? (
                        t('noChanges')
                      ) : (
                        <ul className="class-changes">
                          {r.changes.map((a, i) => (
                            <li key={i}>{changeText(a)}</li>
                          ))}
                        </ul>
                      )}
                    </td>
                    <td>
                      <ReplayLinks row={r} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="muted">{t('note')}</p>
        </>
      )}
    </ToolPage>
  )
}

/** A session's replay link; a lesson's, one a side that has a log, and a note if a log was left out. */
function ReplayLinks({ row }: { row: StudentRow }) {
  const { t } = useTranslation('class')
  if (row.lesson === undefined)
    return row.log === null ? (
      '—'
    ) : (
      <a href={replayLink(row.log)} aria-label={t('replayOf', { name: row.file })}>
        {t('replay')}
      </a>
    )
  const { logs, algorithms, logsLeftOut } = row.lesson
  return (
    <>
      {logs.every((l) => l === null) && '—'}
      <ul className="class-changes">
        {logs.map((l, k) =>
          l === null ? null : (
            <li key={k}>
              <a href={replayLink(l)} aria-label={t('replaySideOf', { name: row.file, side: algorithms[k] ?? k + 1 })}>
                {t('replaySide', { side: algorithms[k] ?? k + 1 })}
              </a>
            </li>
          ),
        )}
      </ul>
      {logsLeftOut && <span className="muted">{t('lesson.leftOut')}</span>}
    </>
  )
}
