// The full lab: a header with the view settings, the controls column on the left and the live
// charts on the right, sized to fit one screen (1280×720 without scrolling the page).
import { useEffect, useMemo, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useSimulation } from '../engine/useSimulation'
import type { AqmConfig } from '../engine/protocol'
import { ChartsPanel } from '../chartset/ChartsPanel'
import { RunResults } from '../results/RunResults'
import { installTestApi } from '../testApi'
import { ShareButton } from '../share/ShareButton'
import { SystemPanel } from '../system/SystemPanel'
import { FirstVisit } from '../firstvisit/FirstVisit'
import { SketchBar } from '../charts/sketch/SketchBar'
import { SketchStore } from '../charts/sketch/sketchStore'
import type { PresetContext } from '../share/presetContext'
import { ControlsColumn } from './ControlsColumn'
import { useNarrow } from './LabTransport'
import { StoreTransport } from '../controls/StoreTransport'
import { ErrorBoundary } from './ErrorBoundary'
import { LanguagePicker } from '../chrome/LanguagePicker'
import { ThemeControls } from './ThemeControls'
import { useWorksheetLms } from '../lms/useWorksheetLms'
import { recordSessions } from '../session/recorder'

interface LabProps {
  /** Scenario JSON to run instead of the engine's default (a preset, a shared link); checked by the engine like an Apply. */
  scenario?: string
  /** Teaching text of a preset, shown at the top of the controls column. */
  preset?: ReactNode
  /** A preset's own settings per algorithm (see ControlsColumn). */
  aqmChoices?: readonly AqmConfig[]
  /** The preset whose lab this is: its id stays in the address and shared links beside an edited scenario. */
  presetContext?: PresetContext
}

export function Lab({ scenario, preset, aqmChoices, presetContext }: LabProps) {
  const { t } = useTranslation()
  const narrow = useNarrow()
  const { snapshot, store } = useSimulation()
  // The lab's prediction (id ''); one object, so the memoised charts keep their props.
  const [sketch] = useState(() => ({ store: new SketchStore(), id: '' }))
  useEffect(() => installTestApi(store), [store])
  // The session's actions, for a replay link and the session file (docs/replay.md).
  useEffect(() => recordSessions(store), [store])
  // A worksheet launched by an LMS (docs/lms.md) reports completion to it; otherwise nothing happens.
  useWorksheetLms(snapshot, store)
  // After useSimulation's effect has connected the worker, so it follows the default configure.
  useEffect(() => {
    if (scenario !== undefined) store.configure(scenario)
  }, [store, scenario])

  const info = snapshot.algorithms.find((a) => a.kind === snapshot.aqm?.kind)
  // "The last good scenario" is the one the worker runs: a reset rebuilds exactly that.
  const resetToLastGood = () => store.reset()
  const sketchBar = useMemo(
    () => <SketchBar sketches={sketch.store} id={sketch.id} sim={store} onStart={() => store.reset()} />,
    [sketch, store],
  )
  // First under the transport: the first-visit card or nudge (issue 17), then a preset's teaching text.
  const teaching = snapshot.ready ? (
    <>
      <FirstVisit store={store} aqmKind={snapshot.aqm?.kind} />
      {preset}
    </>
  ) : (
    preset
  )

  return (
    <div className="app">
      <header className="app-header">
        <div className="app-title">
          <h1>{t('title')}</h1>
          <p>{t('tagline')}</p>
        </div>
        <div className="view-settings" role="group" aria-label={t('view.toolbar')}>
          <a className="button" href="?view=gallery">
            {t('nav.presets_link', { ns: 'teach' })}
          </a>
          <RunResults store={store} />
          <ShareButton snapshot={snapshot} store={store} preset={presetContext} />
          <LanguagePicker />
          <ThemeControls />
        </div>
      </header>
      <ErrorBoundary onReset={resetToLastGood}>
        <ControlsColumn snapshot={snapshot} store={store} info={info} preset={teaching} aqmChoices={aqmChoices} />
      </ErrorBoundary>
      <main className="charts">
        {!snapshot.ready && <p className="muted">{t('status.starting')}</p>}
        {narrow && <StoreTransport store={store} snapshot={snapshot} />}
        <ErrorBoundary onReset={resetToLastGood}>
          <SystemPanel store={store} running={snapshot.running} aqm={snapshot.aqm} />
        </ErrorBoundary>
        <ErrorBoundary onReset={resetToLastGood}>
          <ChartsPanel
            store={store}
            info={info}
            aqm={snapshot.aqm}
            running={snapshot.running}
            columns={snapshot.columns}
            errors={snapshot.errors}
            sketch={sketch}
            barTools={sketchBar}
          />
        </ErrorBoundary>
      </main>
    </div>
  )
}
