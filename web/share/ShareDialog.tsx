// The share dialog: the scenario's link, an embed snippet, exports (traces, charts, scenario) and opening
// a scenario file. Loaded on demand when the Share button is first pressed.
import { useEffect, useId, useRef, useState, type DragEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { SimSnapshot, SimStore } from '../engine/store'
import type { JsonObject } from '../scenario/json'
import { contextQuery, type PresetContext } from './presetContext'
import { LmsDownload } from '../lms/LmsDownload'
import { SessionShare } from './SessionShare'
import { CopyField } from './CopyField'
import { EmbedSnippet } from './EmbedSnippet'
import { NO_WORKSHEET, WorksheetShare, worksheetView, type WorksheetChoice } from '../teacher/WorksheetShare'
import { paramName } from '../i18n/names'
import { links } from '../catalog/links'
import {
  baseName,
  chartPng,
  chartSvg,
  chartsOnPage,
  download,
  perFlowCsv,
  resultsJson,
  scenarioFile,
  tracesCsv,
  tracesJson,
} from './exporters'

export interface ShareDialogProps {
  snapshot: SimSnapshot
  store: SimStore
  onOpenFile(file: File): void
  onClose(): void
  /** The preset whose lab this is: the link keeps its lesson panel. */
  preset?: PresetContext
}

/** The lab's address without query or fragment. */
export function labBase(): string {
  const url = new URL(window.location.href)
  url.search = ''
  url.hash = ''
  return url.href
}

/** Before the first scenario arrives (the dialog is not offered then, but a link must still be built). */
const EMPTY: JsonObject = Object.freeze({})

export function ShareDialog({ snapshot, store, onOpenFile, onClose, preset }: ShareDialogProps) {
  const { t } = useTranslation('share')
  const { t: tApp } = useTranslation()
  const id = useId()
  const ref = useRef<HTMLDialogElement>(null)
  const [status, setStatus] = useState('')
  const [chart, setChart] = useState(0)
  const [over, setOver] = useState(false)
  const [worksheet, setWorksheet] = useState<WorksheetChoice>(NO_WORKSHEET)

  useEffect(() => {
    const dialog = ref.current
    if (dialog && !dialog.open) dialog.showModal()
  }, [])

  const scenario = snapshot.running?.value ?? EMPTY
  const base = labBase()
  const info0 = snapshot.algorithms.find((a) => a.kind === snapshot.aqm?.kind)
  const paramNames = info0?.params.map((p) => p.name) ?? []
  // A prediction drawn on the queue chart travels with the link, so a teacher sees it (web/charts/sketch/).
  const sketch = new URL(window.location.href).searchParams.get('sketch')
  const query = `${contextQuery(scenario, { speed: snapshot.speed, ...worksheetView(worksheet, paramNames) }, preset)}${sketch === null ? '' : `&sketch=${encodeURIComponent(sketch)}`}`
  const link = `${base}?${query}`
  // A worksheet package's SCO is named after the preset, else the algorithm (web/lms/scormPackage.ts).
  const worksheetId =
    `worksheet-${(preset?.id ?? snapshot.aqm?.kind ?? 'lab').toLowerCase().replace(/[^a-z0-9_-]/g, '-')}`.slice(0, 64)
  const meta = { scenario, link }
  const rows = store.buffer
  // Per-flow results once the warm-up is over (the summary's measured window is not empty).
  const results =
    snapshot.summary !== null && snapshot.summary.measured_to_s > snapshot.summary.measured_from_s
      ? snapshot.summary
      : null
  const charts = chartsOnPage()
  const info = snapshot.algorithms.find((a) => a.kind === snapshot.aqm?.kind)
  const name = baseName(scenario)
  // The run's results as files: per-flow table and the whole results document.
  const resultFiles = [
    { label: t('results.flowsCsv'), file: `${name}-flows.csv`, make: perFlowCsv, type: 'text/csv' },
    { label: t('results.resultsJson'), file: `${name}-results.json`, make: resultsJson, type: 'application/json' },
  ]

  const guard = (f: () => void | Promise<void>) => async () => {
    try {
      await f()
    } catch (e) {
      setStatus(t('export.failed', { detail: e instanceof Error ? e.message : String(e) }))
    }
  }
  const openFiles = (files: FileList | null) => {
    const file = files?.[0]
    if (!file) return
    onOpenFile(file)
    onClose()
  }
  const onDrop = (e: DragEvent) => {
    e.preventDefault()
    setOver(false)
    openFiles(e.dataTransfer.files)
  }
  const rowsFrom = rows && rows.length > 0 ? rows.at(0, rows.columnIndex('t')) : 0
  const rowsTo = rows && rows.length > 0 ? rows.at(rows.length - 1, rows.columnIndex('t')) : 0

  return (
    <dialog ref={ref} className="share-dialog" aria-labelledby={`${id}-title`} onClose={onClose}>
      <div className="share-dialog-head">
        <h2 id={`${id}-title`}>{t('dialog.title')}</h2>
        <button type="button" onClick={() => ref.current?.close()}>
          {t('dialog.close')}
        </button>
      </div>
      <div className="share-dialog-body">
        <section className="share-section" aria-labelledby={`${id}-link`}>
          <h3 id={`${id}-link`}>{t('link.heading')}</h3>
          <CopyField value={link} label={t('link.label')} copy={t('link.copy')} primary />
          <p className="share-note">
            {t('link.length', { n: link.length })} · {t('link.note')}
          </p>
        </section>

        <SessionShare store={store} fileName={name} />

        <WorksheetShare
          printHref={links.worksheetOf(query)}
          choice={worksheet}
          params={info0?.params.map((p) => ({ name: p.name, label: paramName(tApp, info0.kind, p) })) ?? []}
          onChange={setWorksheet}
        />
        {worksheet.on && (
          <LmsDownload
            lessonId={worksheetId}
            title={t('worksheet.lmsTitle', { name: preset?.id ?? snapshot.aqm?.kind ?? '' })}
            target={query}
            level={4}
          />
        )}

        <EmbedSnippet scenario={scenario} speed={snapshot.speed} info={info} base={base} />

        <section className="share-section" aria-labelledby={`${id}-export`}>
          <h3 id={`${id}-export`}>{t('export.heading')}</h3>
          <p className="share-note">
            {rows && rows.length > 0
              ? t('export.rows', { n: rows.length, from: rowsFrom.toFixed(2), to: rowsTo.toFixed(2) })
              : t('export.noRows')}
          </p>
          <div className="share-row">
            <button
              type="button"
              disabled={!rows || rows.length === 0}
              onClick={guard(() => {
                if (rows) download(`${name}.csv`, tracesCsv(rows, meta), 'text/csv')
              })}
            >
              {t('export.tracesCsv')}
            </button>
            <button
              type="button"
              disabled={!rows || rows.length === 0}
              onClick={guard(() => {
                if (rows) download(`${name}-traces.json`, tracesJson(rows, meta), 'application/json')
              })}
            >
              {t('export.tracesJson')}
            </button>
            <button
              type="button"
              onClick={guard(() => download(`${name}.json`, scenarioFile(meta), 'application/json'))}
            >
              {t('export.scenario')}
            </button>
          </div>
          <div className="share-row">
            {resultFiles.map((f) => (
              <button
                key={f.file}
                type="button"
                disabled={!results}
                onClick={guard(() => {
                  if (results) download(f.file, f.make(results, meta), f.type)
                })}
              >
                {f.label}
              </button>
            ))}
          </div>
          {charts.length > 0 ? (
            <div className="share-row">
              <label className="share-field">
                {t('export.chart')}
                <select value={chart} onChange={(e) => setChart(Number(e.target.value))}>
                  {charts.map((c, i) => (
                    <option key={`${i}-${c.title}`} value={i}>
                      {c.title}
                    </option>
                  ))}
                </select>
              </label>
              <button
                type="button"
                onClick={guard(() => {
                  const c = charts[chart] ?? charts[0]
                  download(`${name}-${c.slug}.svg`, chartSvg(c.figure).svg, 'image/svg+xml')
                })}
              >
                {t('export.chartSvg')}
              </button>
              <button
                type="button"
                onClick={guard(async () => {
                  const c = charts[chart] ?? charts[0]
                  download(`${name}-${c.slug}.png`, await chartPng(c.figure))
                })}
              >
                {t('export.chartPng')}
              </button>
            </div>
          ) : (
            <p className="share-note">{t('export.noChart')}</p>
          )}
        </section>

        <section className="share-section" aria-labelledby={`${id}-import`}>
          <h3 id={`${id}-import`}>{t('import.heading')}</h3>
          <div
            className="share-drop"
            data-over={over}
            onDragOver={(e) => {
              e.preventDefault()
              setOver(true)
            }}
            onDragLeave={() => setOver(false)}
            onDrop={onDrop}
          >
            <label className="share-field">
              {t('import.pick')}
              <input
                type="file"
                accept=".json,.csv,application/json,text/csv,text/plain"
                onChange={(e) => openFiles(e.target.files)}
              />
            </label>
            <p className="share-note">{t('import.drop')}</p>
          </div>
        </section>
        <p className="share-status" role="status">
          {status}
        </p>
      </div>
    </dialog>
  )
}
