// A printable worksheet for a preset (`?view=worksheet&preset=<id>`) or a lesson
// (`?view=worksheet&lesson=<id>`): the scenario, the questions, blank axes to sketch the prediction on,
// and the lab's link as text and as a QR code. On screen a Print button; on paper only the sheet
// (worksheet.css's print rules).
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import QRCode from 'qrcode'
import { usePreset } from '../catalog/load'
import { links } from '../catalog/links'
import { langOf, type Preset } from '../catalog/types'
import { LESSONS } from '../walkthrough/lessons'
import { QR_OPTIONS } from './qr'
import { summarize, type ScenarioSummary } from './summary'
import './worksheet.css'

/** The absolute address of a page-relative query (the links module writes relative ones). */
function absolute(query: string): string {
  const url = new URL(window.location.href)
  url.search = query.startsWith('?') ? query.slice(1) : query
  url.hash = ''
  return url.href
}

function QrCode({ text, label }: { text: string; label: string }) {
  const [svg, setSvg] = useState<string | null>(null)
  useEffect(() => {
    let live = true
    QRCode.toString(text, QR_OPTIONS).then(
      (s) => live && setSvg(s),
      () => live && setSvg(''),
    )
    return () => {
      live = false
    }
  }, [text])
  // The SVG is the library's rendering of our own link text: no outside markup reaches the page.
  return (
    <div
      className="worksheet-qr"
      role="img"
      aria-label={label}
      data-testid="worksheet-qr"
      data-text={text}
      dangerouslySetInnerHTML={{ __html: svg ?? '' }}
    />
  )
}

/** Empty axes to sketch on: time across, the queue up, with the scenario's own ranges and ticks. */
function BlankAxes({ s, yLabel, xLabel }: { s: ScenarioSummary; yLabel: string; xLabel: string }) {
  const w = 640
  const h = 260
  const m = { l: 56, r: 12, t: 26, b: 40 }
  const iw = w - m.l - m.r
  const ih = h - m.t - m.b
  const xt = Array.from({ length: 7 }, (_, i) => (s.duration * i) / 6)
  const yt = Array.from({ length: 5 }, (_, i) => (s.buffer * i) / 4)
  const marks = [...s.rateSteps.map((r) => r.at), ...s.delaySteps.map((d) => d.at)].filter(
    (t) => t > 0 && t < s.duration,
  )
  const fmt = (v: number) => String(Number(v.toPrecision(3)))
  return (
    <svg
      className="worksheet-axes"
      viewBox={`0 0 ${w} ${h}`}
      role="img"
      aria-label={`${yLabel} / ${xLabel}`}
      data-testid="worksheet-axes"
    >
      <g transform={`translate(${m.l},${m.t})`}>
        {yt.map((v) => (
          <g key={`y${v}`} transform={`translate(0,${ih - (v / s.buffer) * ih})`}>
            <line x1={0} x2={iw} className="grid" />
            <text x={-6} dy="0.32em" textAnchor="end">
              {fmt(v)}
            </text>
          </g>
        ))}
        {xt.map((v) => (
          <g key={`x${v}`} transform={`translate(${(v / s.duration) * iw},0)`}>
            <line y1={0} y2={ih} className="grid" />
            <text y={ih + 16} textAnchor="middle">
              {fmt(v)}
            </text>
          </g>
        ))}
        {marks.map((t) => (
          <line key={`m${t}`} className="change" x1={(t / s.duration) * iw} x2={(t / s.duration) * iw} y1={0} y2={ih} />
        ))}
        <line x1={0} x2={0} y1={0} y2={ih} className="axis" />
        <line x1={0} x2={iw} y1={ih} y2={ih} className="axis" />
        <text x={iw / 2} y={ih + 34} textAnchor="middle">
          {xLabel}
        </text>
        <text x={-m.l + 4} y={-14}>
          {yLabel}
        </text>
      </g>
    </svg>
  )
}

function ScenarioLines({ s }: { s: ScenarioSummary }) {
  const { t } = useTranslation('teach')
  return (
    <ul className="worksheet-scenario" data-testid="worksheet-scenario">
      <li>
        {t('worksheet.link', {
          rate: s.rateMbps,
          delay: s.delayMs,
          buffer: s.buffer,
          unit: t(`worksheet.units.${s.bufferUnit}`),
        })}
      </li>
      {s.rateSteps.map((r) => (
        <li key={`r${r.at}`}>{t('worksheet.rateStep', { at: r.at, rate: r.mbps })}</li>
      ))}
      {s.slots && (
        <li>
          {t('worksheet.slots', { start: s.slots.start, slot: s.slots.slot, min: s.slots.min, max: s.slots.max })}
        </li>
      )}
      {s.delaySteps.map((d) => (
        <li key={`d${d.at}`}>{t('worksheet.delayStep', { at: d.at, delay: d.ms })}</li>
      ))}
      {s.groups.map((g, i) => (
        <li key={`g${i}`}>{t('worksheet.flows', { count: g.count, tcp: g.tcp, lo: g.rtt[0], hi: g.rtt[1] })}</li>
      ))}
      <li>{t('worksheet.aqm', { aqm: s.aqm, duration: s.duration })}</li>
    </ul>
  )
}

interface SheetProps {
  title: string
  intro: string
  questions: string[]
  summary: ScenarioSummary
  link: string
}

function Sheet({ title, intro, questions, summary, link }: SheetProps) {
  const { t } = useTranslation('teach')
  return (
    <main className="worksheet" data-testid="worksheet">
      <div className="worksheet-actions">
        <button type="button" className="primary" onClick={() => window.print()}>
          {t('worksheet.print')}
        </button>
        <a href={links.gallery()}>{t('worksheet.back')}</a>
      </div>
      <header className="worksheet-head">
        <h1>{title}</h1>
        <p className="worksheet-name">
          {t('worksheet.name')} ____________________ {t('worksheet.date')} ____________
        </p>
      </header>
      <section aria-labelledby="ws-scenario">
        <h2 id="ws-scenario">{t('worksheet.scenario')}</h2>
        <p>{intro}</p>
        <ScenarioLines s={summary} />
      </section>
      <section aria-labelledby="ws-predict">
        <h2 id="ws-predict">{t('worksheet.predict')}</h2>
        <p>{t('worksheet.predictHow')}</p>
        <BlankAxes
          s={summary}
          yLabel={t(`worksheet.axisQueue_${summary.bufferUnit}`)}
          xLabel={t('worksheet.axisTime')}
        />
      </section>
      <section aria-labelledby="ws-questions">
        <h2 id="ws-questions">{t('worksheet.questions')}</h2>
        <ol className="worksheet-questions" data-testid="worksheet-questions">
          {questions.map((q) => (
            <li key={q}>
              <p>{q}</p>
              <div className="worksheet-answer" aria-hidden="true" />
            </li>
          ))}
        </ol>
      </section>
      <footer className="worksheet-link">
        <QrCode text={link} label={t('worksheet.qr', { link })} />
        <div>
          <p>{t('worksheet.open')}</p>
          <p className="worksheet-url" data-testid="worksheet-url">
            {link}
          </p>
        </div>
      </footer>
    </main>
  )
}

function PresetSheet({ preset }: { preset: Preset }) {
  const { t, i18n } = useTranslation('teach')
  const lang = langOf(i18n.resolvedLanguage)
  const questions = preset.questions?.map((q) => q[lang]) ?? [
    t('worksheet.general.sketch'),
    t('worksheet.general.why'),
    t('worksheet.general.change'),
  ]
  return (
    <Sheet
      title={preset.title[lang]}
      intro={preset.explanation[lang]}
      questions={questions}
      summary={summarize(preset.scenario)}
      link={absolute(links.preset(preset.id))}
    />
  )
}

function LessonSheet({ id }: { id: string }) {
  const { t, i18n } = useTranslation('teach')
  const lesson = LESSONS[id]
  const preset = usePreset(lesson ? lesson.preset : null)
  if (!lesson) return <p role="alert">{t('worksheet.notFound', { id })}</p>
  if (preset.state !== 'ready' || preset.value === null)
    return preset.state === 'error' ? <p role="alert">{preset.message}</p> : null
  const lang = langOf(i18n.resolvedLanguage)
  const questions = lesson.steps
    .filter((s) => s.predict !== undefined)
    .map((s) => {
      const choices = s.predict?.choices.map((c) => t(`lesson.${id}.${s.id}.choices.${c.id}`)).join(' · ')
      return `${t(`lesson.${id}.${s.id}.question`)} (${choices})`
    })
  return (
    <Sheet
      title={t(`lesson.${id}.intro.title`)}
      intro={preset.value.explanation[lang]}
      questions={questions}
      summary={summarize(preset.value.scenario)}
      link={absolute(links.walkthrough(id))}
    />
  )
}

export function WorksheetView({ preset, lesson }: { preset: string | null; lesson: string | null }) {
  const { t } = useTranslation('teach')
  const loaded = usePreset(lesson === null ? preset : null)
  if (lesson !== null) return <LessonSheet id={lesson} />
  if (loaded.state === 'loading') return null
  if (loaded.state === 'error' || loaded.value === null)
    return (
      <p role="alert">{loaded.state === 'error' ? loaded.message : t('worksheet.notFound', { id: preset ?? '' })}</p>
    )
  return <PresetSheet preset={loaded.value} />
}
