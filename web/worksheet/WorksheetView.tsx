// A printable worksheet, generated from the scenario it describes:
//   ?view=worksheet&preset=<id>        a preset, with every side it compares
//   ?view=worksheet&lesson=<id>        a lesson: its sides and its prediction questions, with boxes to tick
//   ?view=worksheet&<a lab link>       the lab a teacher shared (edited, locked): what that link opens
// Each holds the experiment in lines (summary.ts), blank axes per side to sketch the prediction on, the
// questions, and the link the students open (the teacher's own, locks included) as text and QR code. It
// fits one A4 page (worksheet.css). `&answers=1` turns any of them into the teacher's answer key
// (AnswerKey.tsx), measured by running the same scenarios.
import { lazy, Suspense, useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import QRCode from 'qrcode'
import { usePreset } from '../catalog/load'
import { links } from '../catalog/links'
import { langOf, type Preset } from '../catalog/types'
import { algorithmName } from '../i18n/names'
import { hasScenarioKeys, readView } from '../scenario/linkView'
import { decodeLink } from '../scenario/urlCodec'
import { LESSONS, lessonSides, type Lesson } from '../walkthrough/lessons'
import { QR_OPTIONS } from './qr'
import { labQuery, presetSides, type SheetSide } from './sheetSource'
import { sideDifference, summarize, type ScenarioSummary, type SheetLine } from './summary'
import './worksheet.css'

const AnswerKey = lazy(() => import('./AnswerKey').then((m) => ({ default: m.AnswerKey })))

/** The absolute address of a page-relative query (the links module writes relative ones). */
function absolute(query: string): string {
  const url = new URL(window.location.href)
  url.search = query.startsWith('?') ? query.slice(1) : query
  url.hash = ''
  return url.href
}

/** Round tick values from 0 to `max`: about `n` steps of 1, 2, 2.5 or 5 × 10^k. */
function ticks(max: number, n: number): number[] {
  if (!(max > 0)) return [0]
  const raw = max / n
  const pow = 10 ** Math.floor(Math.log10(raw))
  const step = ([1, 2, 2.5, 5, 10].find((m) => m * pow >= raw) ?? 10) * pow
  const out: number[] = []
  for (let v = 0; v <= max * (1 + 1e-9); v += step) out.push(Number(v.toPrecision(6)))
  return out
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

/** One side's prediction axes. */
export interface AxesSpec {
  title: string
  summary: ScenarioSummary
  /** Seconds across (a lesson step plays less than the scenario's duration). */
  seconds: number
}

/** Empty axes to sketch on: time across, the queue up, with the scenario's own ranges and ticks. */
function BlankAxes({ a, yLabel, xLabel }: { a: AxesSpec; yLabel: string; xLabel: string }) {
  const s = a.summary
  const w = 640
  const h = 200
  const m = { l: 56, r: 12, t: 22, b: 34 }
  const iw = w - m.l - m.r
  const ih = h - m.t - m.b
  const xt = ticks(a.seconds, 6)
  const yt = ticks(s.buffer, 4)
  const marks = [...s.rateSteps.map((r) => r.at), ...s.delaySteps.map((d) => d.at)].filter(
    (t) => t > 0 && t < a.seconds,
  )
  const fmt = (v: number) => String(Number(v.toPrecision(3)))
  return (
    <figure className="worksheet-figure">
      {a.title !== '' && <figcaption>{a.title}</figcaption>}
      <svg
        className="worksheet-axes"
        viewBox={`0 0 ${w} ${h}`}
        role="img"
        aria-label={`${a.title} ${yLabel} / ${xLabel}`}
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
            <g key={`x${v}`} transform={`translate(${(v / a.seconds) * iw},0)`}>
              <line y1={0} y2={ih} className="grid" />
              <text y={ih + 16} textAnchor="middle">
                {fmt(v)}
              </text>
            </g>
          ))}
          {marks.map((t) => (
            <line key={`m${t}`} className="change" x1={(t / a.seconds) * iw} x2={(t / a.seconds) * iw} y1={0} y2={ih} />
          ))}
          <line x1={0} x2={0} y1={0} y2={ih} className="axis" />
          <line x1={0} x2={iw} y1={ih} y2={ih} className="axis" />
          <text x={iw / 2} y={ih + 30} textAnchor="middle">
            {xLabel}
          </text>
          <text x={-m.l + 4} y={-10}>
            {yLabel}
          </text>
        </g>
      </svg>
    </figure>
  )
}

/** A line of the sheet in the reader's language: algorithm, TCP and unit names from the catalogues. */
export function useLineText(): (l: SheetLine) => string {
  const { t } = useTranslation('teach')
  const { t: tApp } = useTranslation()
  return (l: SheetLine) =>
    t(`worksheet.lines.${l.key}`, {
      ...l.args,
      aqm: l.aqm === undefined ? '' : algorithmName(tApp, { kind: l.aqm, label: l.aqm }),
      tcp: l.tcp === undefined ? '' : tApp(`tcp.${l.tcp}`, { defaultValue: l.tcp }),
      unit: l.unit === undefined ? '' : t(`worksheet.units.${l.unit}`),
    })
}

function ScenarioLines({ sides }: { sides: SheetSide[] }) {
  const { t } = useTranslation('teach')
  const text = useLineText()
  const [base, ...others] = sides
  return (
    <>
      <ul className="worksheet-scenario" data-testid="worksheet-scenario">
        {base.summary.lines.map((l, i) => (
          <li key={i}>{text(l)}</li>
        ))}
      </ul>
      {others.length > 0 && (
        <div data-testid="worksheet-sides">
          <p className="worksheet-sides-head">{t('worksheet.sides', { base: base.label })}</p>
          <ul className="worksheet-scenario">
            {others.map((s) => (
              <li key={s.label} data-testid="worksheet-side">
                <strong>{s.label}</strong>: {sideDifference(base.summary, s.summary).map(text).join(' ')}
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  )
}

/** A question; with choices, each gets a box to tick. */
export interface SheetQuestion {
  text: string
  choices?: string[]
}

interface SheetProps {
  title: string
  intro: string
  questions: SheetQuestion[]
  sides: SheetSide[]
  axes: AxesSpec[]
  /** What the student may not change in the lab the link opens (worksheet mode); empty: nothing locked. */
  lockNote?: string
  link: string
}

function Sheet({ title, intro, questions, sides, axes, lockNote, link }: SheetProps) {
  const { t } = useTranslation('teach')
  const hasChanges = axes.some((a) => a.summary.rateSteps.length + a.summary.delaySteps.length > 0)
  const keyHref = `?view=worksheet&${labQuery(window.location.search)}&answers=1`
  return (
    <main className="worksheet" data-testid="worksheet">
      <div className="worksheet-actions">
        <button type="button" className="primary" onClick={() => window.print()}>
          {t('worksheet.print')}
        </button>
        <a href={keyHref} data-testid="worksheet-key-link">
          {t('worksheet.keyLink')}
        </a>
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
        {intro !== '' && <p className="worksheet-intro">{intro}</p>}
        <ScenarioLines sides={sides} />
        {lockNote !== undefined && lockNote !== '' && (
          <p className="worksheet-lock" data-testid="worksheet-lock">
            {lockNote}
          </p>
        )}
      </section>
      <section aria-labelledby="ws-predict">
        <h2 id="ws-predict">{t('worksheet.predict')}</h2>
        <p>
          {t(axes.length > 1 ? 'worksheet.predictEach' : 'worksheet.predictHow')}
          {hasChanges ? ` ${t('worksheet.changes')}` : ''}
        </p>
        <div className={`worksheet-axes-row n${Math.min(axes.length, 2)}`}>
          {axes.map((a, i) => (
            <BlankAxes
              key={i}
              a={a}
              yLabel={t(`worksheet.axisQueue_${a.summary.bufferUnit}`)}
              xLabel={t('worksheet.axisTime')}
            />
          ))}
        </div>
      </section>
      <section aria-labelledby="ws-questions">
        <h2 id="ws-questions">{t('worksheet.questions')}</h2>
        <ol className="worksheet-questions" data-testid="worksheet-questions">
          {questions.map((q) => (
            <li key={q.text}>
              <p>{q.text}</p>
              {q.choices === undefined ? (
                <div className="worksheet-answer" aria-hidden="true" />
              ) : (
                <ul className="worksheet-choices">
                  {q.choices.map((c) => (
                    <li key={c}>
                      <span className="worksheet-box" aria-hidden="true" /> {c}
                    </li>
                  ))}
                </ul>
              )}
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

/** Axes for each side when there are two, else one shared set the student labels. */
function axesFor(sides: SheetSide[], shared: string): AxesSpec[] {
  if (sides.length === 2) return sides.map((s) => ({ title: s.label, summary: s.summary, seconds: s.summary.duration }))
  const s = sides[0].summary
  return [{ title: sides.length > 2 ? shared : '', summary: s, seconds: s.duration }]
}

function generalQuestions(t: (k: string) => string): SheetQuestion[] {
  return [t('worksheet.general.sketch'), t('worksheet.general.why'), t('worksheet.general.change')].map((text) => ({
    text,
  }))
}

function PresetSheet({ preset }: { preset: Preset }) {
  const { t, i18n } = useTranslation('teach')
  const lang = langOf(i18n.resolvedLanguage)
  const sides = presetSides(preset, lang)
  const questions = preset.questions?.map((q) => ({ text: q[lang] })) ?? generalQuestions(t)
  return (
    <Sheet
      title={preset.title[lang]}
      intro={preset.explanation[lang]}
      questions={questions}
      sides={sides}
      axes={axesFor(sides, t('worksheet.sharedAxes', { sides: sides.map((s) => s.label).join(', ') }))}
      link={absolute(links.preset(preset.id))}
    />
  )
}

function LessonSheet({ lesson, preset }: { lesson: Lesson; preset: Preset }) {
  const { t, i18n } = useTranslation('teach')
  const lang = langOf(i18n.resolvedLanguage)
  const order = lessonSides(lesson)
  const sides = presetSides(preset, lang, order)
  const questions = lesson.steps
    .filter((s) => s.predict !== undefined)
    .map((s) => ({
      // A question that points at the screen ("the orange line") has a paper wording (`paper`).
      text: t([`lesson.${lesson.id}.${s.id}.paper`, `lesson.${lesson.id}.${s.id}.question`]),
      choices: s.predict?.choices.map((c) => t(`lesson.${lesson.id}.${s.id}.choices.${c.id}`)),
    }))
  // One set of axes per step that plays, over the seconds it plays.
  const axes = lesson.steps
    .filter((s) => s.run !== undefined && s.side !== undefined)
    .map((s) => ({ title: sides[s.side ?? 0].label, summary: sides[s.side ?? 0].summary, seconds: s.run ?? 0 }))
  return (
    <Sheet
      title={t(`lesson.${lesson.id}.intro.title`)}
      intro={t(`lesson.${lesson.id}.intro.body`)}
      questions={questions}
      sides={sides}
      axes={axes.length > 0 ? axes : axesFor(sides, '')}
      link={absolute(links.walkthrough(lesson.id))}
    />
  )
}

/** The worksheet of a lab link: what it opens, and what its locks fix. */
function LinkSheet({ search, preset }: { search: string; preset: Preset | null }) {
  const { t, i18n } = useTranslation('teach')
  const { t: tApp } = useTranslation()
  const lang = langOf(i18n.resolvedLanguage)
  const query = labQuery(search)
  const decoded = useMemo(() => decodeLink(query), [query])
  const view = readView(query)
  const scenario = decoded.hasScenario ? decoded.scenario : (preset?.scenario ?? decoded.scenario)
  const edited = preset !== null && decoded.hasScenario
  const sides: SheetSide[] = [
    { label: preset === null ? '' : preset.base_label[lang], summary: summarize(scenario as Record<string, unknown>) },
  ]
  const locked = [...new Set([...(view.lock ?? []), ...(view.hide ?? [])])]
  const names = locked.map((n) =>
    ['aqm', 'params', 'link', 'flows', 'run'].includes(n) ? tApp(`teacher.controls.${n}`) : n,
  )
  return (
    <Sheet
      title={preset === null ? t('worksheet.labTitle') : preset.title[lang]}
      intro={
        preset === null ? '' : edited ? t('worksheet.edited', { title: preset.title[lang] }) : preset.explanation[lang]
      }
      questions={preset?.questions?.map((q) => ({ text: q[lang] })) ?? generalQuestions(t)}
      sides={sides}
      axes={axesFor(sides, '')}
      lockNote={names.length > 0 ? t('worksheet.locked', { names: names.join(', ') }) : ''}
      link={absolute(query)}
    />
  )
}

function Loaded({ id, children }: { id: string | null; children: (p: Preset | null) => React.ReactNode }) {
  const { t } = useTranslation('teach')
  const loaded = usePreset(id)
  if (id === null) return <>{children(null)}</>
  if (loaded.state === 'loading') return null
  if (loaded.state === 'error' || loaded.value === null)
    return <p role="alert">{loaded.state === 'error' ? loaded.message : t('worksheet.notFound', { id })}</p>
  return <>{children(loaded.value)}</>
}

export function WorksheetView({ preset, lesson }: { preset: string | null; lesson: string | null }) {
  const { t } = useTranslation('teach')
  const search = window.location.search
  const answers = new URLSearchParams(search).get('answers') === '1'
  const query = labQuery(search)
  const isLink =
    lesson === null && (hasScenarioKeys(query) || readView(query).lock != null || readView(query).hide != null)
  const l = lesson === null ? undefined : LESSONS[lesson]
  if (lesson !== null && l === undefined) return <p role="alert">{t('worksheet.notFound', { id: lesson })}</p>
  return (
    <Loaded id={l !== undefined ? l.preset : preset}>
      {(p) => {
        if (answers)
          return (
            <Suspense fallback={null}>
              <AnswerKey preset={p} lesson={l ?? null} search={isLink ? query : null} />
            </Suspense>
          )
        if (l !== undefined && p !== null) return <LessonSheet lesson={l} preset={p} />
        if (isLink || p === null) return <LinkSheet search={search} preset={p} />
        return <PresetSheet preset={p} />
      }}
    </Loaded>
  )
}
