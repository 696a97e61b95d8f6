// A guided walk-through: each step sets up a scenario, asks for a prediction before anything runs,
// plays, points at the chart where the effect shows, and then compares the prediction with the run.
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react'
import { useTranslation } from 'react-i18next'
import { TimeViewStore } from '../charts/timeWindow'
import { usePreset } from '../catalog/load'
import { NotFound } from '../presets/NotFound'
import { sideScenario } from '../catalog/patch'
import { useSides, type Side } from '../engine/side'
import { useLive } from '../engine/useSimulation'
import { PresetInfo } from '../presets/PresetInfo'
import { TeachHeader } from '../chrome/TeachHeader'
import type { Preset } from '../catalog/types'
import { RunPool } from '../runs/pool'
import type { SummaryJson } from '../engine/summary'
import { LESSONS, answer, lessonSides, type Lesson, type LessonStep } from './lessons'
import { LessonList } from './LessonList'
import { LessonStepPanel } from './LessonStepPanel'
import { fullRunMeasure, meanAfter } from './measure'
import { usePlayUntil } from './usePlayUntil'
import { WalkCharts } from './WalkCharts'
import { SketchStore } from '../charts/sketch/sketchStore'
import { resetTeacher } from '../scenario/teacherView'
import { readProgress, withProgress } from './progress'
import { isEmbedQuery } from '../scenario/linkView'
import { useResizeMessages } from '../share/hostApi'

/**
 * A lesson's runs are the ones its texts describe: every parameter and the algorithm stay as each step states
 * them (the store refuses changes and the chart handles show as locked, as under a worksheet's `lock=params`).
 */
const LESSON_LOCKS = { lock: new Set(['params', 'aqm']), hide: new Set<string>() }
import { decodeSketches, encodeSketches } from '../charts/sketch/sketch'
import { useLessonLms, useLessonReport } from '../lms/useLessonLms'
import { readLaunch } from '../lms/launch'
import { LmsDownload } from '../lms/LmsDownload'
import { useSessionLogs } from '../session/useSessionLogs'
import { LessonSessionFile } from './LessonSessionFile'

export function Walkthrough({ lessonId }: { lessonId: string }) {
  const { t } = useTranslation('teach')
  const lesson = LESSONS[lessonId]
  const loaded = usePreset(lesson?.preset ?? null)
  useState(() => resetTeacher(LESSON_LOCKS))
  // Framed in a course page (embed=1): the lesson alone, without the site's header and lesson list, and the
  // host told its height.
  const [embed] = useState(() => isEmbedQuery(window.location.search))
  useResizeMessages(embed)
  return (
    <div className={embed ? 'teach-page walk-embed' : 'teach-page'} data-embed={embed}>
      {!embed && <TeachHeader current="walkthrough" subtitle={t('walk.intro')} />}
      {lesson === undefined || loaded.state === 'error' ? (
        <NotFound message={t('walk.no_lesson', { id: lessonId })} />
      ) : loaded.state === 'loading' || loaded.value === null ? (
        <p className="muted">{t('status.loading')}</p>
      ) : (
        <Lessons lesson={lesson} preset={loaded.value} />
      )}
      {!embed && <LessonList current={lesson === undefined ? null : lessonId} />}
      {/* For the teacher; a student launched from the LMS has no use for it. */}
      {!embed && lesson !== undefined && readLaunch(window.location.search) === null && (
        <LmsDownload lessonId={lessonId} title={`AQM Lab: ${t(`lesson.${lessonId}.intro.title`)}`} />
      )}
    </div>
  )
}

/** What the run measured for a step's prediction, once it can be known; undefined before. */
function measure(step: LessonStep, side: Side, played: boolean, summaries: (SummaryJson | null)[]): number | undefined {
  const p = step.predict
  const m = p?.measure
  if ((m === 'queue' || m === 'avg') && played) return meanAfter(side.store.buffer, m === 'queue' ? 'q_pkts' : 'avg', 5)
  // Full-run measures: a step with a run of its own shows them once that run has been watched.
  if (p !== undefined && m !== 'queue' && m !== 'avg' && (step.run === undefined || played)) {
    return fullRunMeasure(p, summaries)
  }
  return undefined
}

/** Whether a step's answer comes from the full runs (the table of full runs is shown once one is answered). */
const fromFullRuns = (s: LessonStep) =>
  s.predict?.measure === 'sync_gap' || s.predict?.measure === 'summary_gap' || s.predict?.measure === 'summary'

function Lessons({ lesson, preset }: { lesson: Lesson; preset: Preset }) {
  const { t, i18n } = useTranslation('teach')
  // Launched from an LMS (a SCORM package, docs/lms.md): what an earlier session left, reported back as it goes.
  const lms = useLessonLms(lesson)
  const resumed = lms.resumed
  // Predictions by sketch, one per step that runs (keyed by step id in the address: a teacher's link shows them).
  const [sketches] = useState(() => new SketchStore(resumed === null ? {} : { initial: resumed.sketches }))
  const [scenarios] = useState(() => lessonSides(lesson).map((k) => JSON.stringify(sideScenario(preset, k))))
  const sides = useSides(scenarios)
  // Each side's run as an action log (docs/replay.md), carried in the LMS's suspend data for the teacher.
  const [stores] = useState(() => sides.map((s) => s.store))
  const logs = useSessionLogs(stores, resumed?.logs)
  const [view] = useState(() => new TimeViewStore())
  // Resumed from the LMS's suspend data (web/lms/) when launched from one, else from the address (progress.ts),
  // which follows every step and prediction.
  const [progress0] = useState(() => readProgress(lesson, window.location.search))
  const [index, setIndex] = useState(resumed?.step ?? progress0.index)
  const [choices, setChoices] = useState<Record<string, string>>(resumed?.choices ?? progress0.choices)
  useEffect(() => {
    const href = withProgress(window.location.href, lesson, { index, choices })
    if (href === window.location.href) return
    try {
      window.history.replaceState(window.history.state, '', href)
    } catch {
      // A sandboxed frame may not touch its history; the lesson still works.
    }
  }, [lesson, index, choices])
  // Whether each revealed answer was the run's, and each scored sketch's score: the LMS's raw score.
  const [right, setRight] = useState<Record<string, boolean>>(resumed?.right ?? {})
  // The run's answer per revealed question, for the teacher's class view (prediction against outcome).
  const [outcomes, setOutcomes] = useState<Record<string, string>>(resumed?.outcomes ?? {})
  const [sketchScores, setSketchScores] = useState<Record<string, number>>(resumed?.sketchScores ?? {})
  const [summaries, setSummaries] = useState<(SummaryJson | null)[]>(() => scenarios.map(() => null))
  const { play, stop, running } = usePlayUntil(sides)
  const step = lesson.steps[index]
  // Steps without a scenario of their own keep showing the last one.
  const shown = step.side ?? lesson.steps.slice(0, index + 1).reduce((k, s) => s.side ?? k, 0)
  const side = sides[shown]
  const snapshot = useSyncExternalStore(side.store.subscribe, side.store.getSnapshot)

  // Full runs of both sides for the summary step (synchronisation and utilisation).
  useEffect(() => {
    const pool = new RunPool(2)
    void pool.run(scenarios, (i, o) => {
      if (o.ok) setSummaries((all) => all.map((s, k) => (k === i ? o.summary : s)))
    })
    return () => pool.dispose()
  }, [scenarios])

  const ready = side.onScenario()
  // From the live clock, selected coarsely so a playing step does not render the lesson on every frame.
  const reached = useLive(side.store, (live) => step.run !== undefined && live.simTime >= step.run - 1e-9)
  const shownTime = useLive(side.store, (live) => live.simTime.toFixed(1))
  const played = step.run !== undefined && ready && !running && reached
  const chosen = choices[step.id]
  const measured = chosen === undefined ? undefined : measure(step, side, played, summaries)
  // Once every full-run question is answered (earlier, the table would give later answers away).
  const full = lesson.steps.filter(fromFullRuns)
  const syncAnswered =
    full.length > 0 && full.every((s) => choices[s.id] !== undefined) && summaries.every((s) => s !== null)
  const sketch = useMemo(
    () => (step.run !== undefined ? { store: sketches, id: step.id } : undefined),
    [step.run, step.id, sketches],
  )
  const runAnswer =
    step.predict !== undefined && chosen !== undefined && measured !== undefined && Number.isFinite(measured)
      ? answer(step.predict.choices, measured)
      : undefined
  const revealed = runAnswer === undefined ? undefined : runAnswer === chosen
  // Kept once revealed (the step's measurement is read only while it is shown): state adjusted while rendering.
  if (revealed !== undefined && right[step.id] !== revealed) setRight({ ...right, [step.id]: revealed })
  if (runAnswer !== undefined && outcomes[step.id] !== runAnswer) setOutcomes({ ...outcomes, [step.id]: runAnswer })
  const sketchState = useSyncExternalStore(sketches.subscribe, sketches.getSnapshot)
  // Locked sketches only: one being drawn changes with every point.
  const lockedKey = encodeSketches(
    Object.fromEntries(Object.entries(sketchState.sketches).filter(([id]) => id !== sketchState.editing)),
  )
  const progress = useMemo(
    () => ({ step: index, choices, right, outcomes, sketchScores, sketches: decodeSketches(lockedKey), logs }),
    [index, choices, right, outcomes, sketchScores, lockedKey, logs],
  )
  useLessonReport(lesson, lms, progress, sketchState.sketches, sketchState.editing)
  const onSketchScore = useCallback(
    (id: string, score: number) => setSketchScores((all) => (all[id] === score ? all : { ...all, [id]: score })),
    [],
  )
  // A step without a multiple-choice prediction has no reveal: its result text, if any, comes with the score.
  const resultKey = `lesson.${lesson.id}.${step.id}.result`
  const explanation = step.predict === undefined && i18n.exists(resultKey, { ns: 'teach' }) ? t(resultKey) : undefined

  return (
    <main className="walkthrough-layout">
      <LessonStepPanel
        lesson={lesson}
        index={index}
        choice={chosen}
        measured={measured}
        summaries={summaries}
        canPlay={ready && !running && step.run !== undefined && !reached}
        running={running}
        played={played}
        shownTime={shownTime}
        answeredBefore={resumed?.right[step.id] !== undefined}
        onChoose={(c) => {
          setChoices((all) => ({ ...all, [step.id]: c }))
          lms.events.predicted(step.id, c)
        }}
        onPlay={() => {
          if (step.run === undefined) return
          play(shown, step.run, lesson.speed)
          lms.events.ran(step.id, step.run)
        }}
        onNavigate={(i) => {
          stop()
          setIndex(i)
        }}
      />
      <WalkCharts
        key={shown}
        store={side.store}
        snapshot={snapshot}
        view={view}
        highlight={step.highlight}
        summaries={summaries}
        showSummary={syncAnswered}
        preset={preset}
        sides={lessonSides(lesson)}
        table={lesson.table}
        sketch={sketch}
        explanation={explanation}
        onSketchScore={onSketchScore}
      />
      <PresetInfo preset={preset} current="walkthrough" />
      <LessonSessionFile lessonId={lesson.id} progress={progress} />
    </main>
  )
}
