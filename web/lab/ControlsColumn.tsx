// The controls column: playback on top (on a one-column phone layout it heads the charts instead:
// LabTransport.tsx), then the queue discipline (live) and the experiment
// (link, flows, seed: applied together, restarting the run). The column scrolls inside itself;
// playback stays pinned at its top and Apply at its foot.
import { memo, useCallback, useLayoutEffect, useRef, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { ShownError, SimSnapshot, SimStore } from '../engine/store'
import type { AlgorithmInfo, AqmConfig } from '../engine/protocol'
import { AlgorithmPicker } from '../controls/AlgorithmPicker'
import { ApplyBar } from '../controls/ApplyBar'
import { FlowEditor } from '../controls/FlowEditor'
import { LinkSettings } from '../controls/LinkSettings'
import { StoreParamPanel } from '../controls/StoreParamPanel'
import { RunSettings } from '../controls/RunSettings'
import { StoreTransport } from '../controls/StoreTransport'
import { useNarrow } from './LabTransport'
import { applyErrorPlace } from '../controls/scenarioDraft'
import type { Json, JsonObject } from '../scenario/json'
import { useScenarioDraft } from '../controls/useScenarioDraft'
import { ErrorBoundary } from './ErrorBoundary'
import { RunEnd } from './RunEnd'
import { Lockable, WorksheetNote } from '../teacher/Worksheet'
import { isHidden, isLocked } from '../scenario/teacherView'

interface ScenarioSectionProps {
  shown: JsonObject
  /** The field an engine refusal of the last Apply names, and that refusal. */
  errorField: string | null
  applyError: ShownError | undefined
  onEdit(path: string, value: Json): void
  onUpdate(change: (d: JsonObject) => JsonObject): void
}

/**
 * The experiment's editors (link, flows, run). Memoised, with callbacks that stay the same: a change of the
 * queue discipline alone (every step of a dragged threshold) leaves their props as they were, so they skip
 * that render and the engine's answer reaches the screen sooner.
 */
const ScenarioSection = memo(function ScenarioSection({
  shown,
  errorField,
  applyError,
  onEdit,
  onUpdate,
}: ScenarioSectionProps) {
  const { t } = useTranslation()
  const problemAt = (path: string) => (errorField === path ? applyError : undefined)
  const editor = { problemAt, onEdit, onUpdate }
  return (
    <section className="panel experiment" aria-label={t('scenario.panel')}>
      <h2>{t('scenario.panel')}</h2>
      <p className="muted hint">{t('scenario.intro')}</p>
      {!isHidden('link') && (
        <Lockable name="link">
          <LinkSettings draft={shown} {...editor} />
        </Lockable>
      )}
      {!isHidden('flows') && (
        <Lockable name="flows">
          <FlowEditor draft={shown} {...editor} />
        </Lockable>
      )}
      {!isHidden('run') && (
        <Lockable name="run">
          <RunSettings draft={shown} {...editor} />
        </Lockable>
      )}
    </section>
  )
})

/** `f`, as a function that stays the same across renders and always calls the latest `f`. */
function useLatest<A extends unknown[]>(f: (...args: A) => void): (...args: A) => void {
  const ref = useRef(f)
  useLayoutEffect(() => {
    ref.current = f
  })
  return useCallback((...args: A) => ref.current(...args), [])
}

interface ControlsColumnProps {
  snapshot: SimSnapshot
  store: SimStore
  info: AlgorithmInfo | undefined
  /** A preset's teaching text, first under the transport. */
  preset?: ReactNode
  /** A preset's own settings per algorithm: choosing that algorithm uses them instead of its defaults. */
  aqmChoices?: readonly AqmConfig[]
}

export function ControlsColumn({ snapshot, store, info, preset, aqmChoices }: ControlsColumnProps) {
  const { t } = useTranslation()
  const draft = useScenarioDraft(snapshot.running)
  const narrow = useNarrow()

  // An engine refusal of the last Apply goes beside the field it names, else beside Apply.
  const applyError = snapshot.errors.configure
  const place = applyErrorPlace(applyError, draft.paths)
  const errorField = place !== null && place !== 'apply' ? place.field : null
  // Editing the field a message is about (or anything, for a general message) retires the message.
  const onEdit = useLatest((path: string, value: Json) => {
    draft.edit(path, value)
    if (place === 'apply' || errorField === path) store.dismissError('configure')
  })
  const onUpdate = useLatest((change: (d: JsonObject) => JsonObject) => {
    draft.update(change)
    if (applyError !== undefined) store.dismissError('configure')
  })
  // A failing panel is replaced by a note and a way back; playback and the other panels stay usable.
  const resetToLastGood = () => {
    draft.discard()
    store.reset()
  }

  return (
    <aside className="sidebar" aria-label={t('controls')}>
      {!narrow && <StoreTransport store={store} snapshot={snapshot} />}
      <RunEnd snapshot={snapshot} simTime={store.live().simTime} onContinue={() => store.play()} />
      {preset !== undefined && <ErrorBoundary onReset={resetToLastGood}>{preset}</ErrorBoundary>}
      <WorksheetNote />
      <ErrorBoundary onReset={resetToLastGood}>
        {!isHidden('aqm') && (
          <Lockable name="aqm">
            <AlgorithmPicker
              algorithms={snapshot.algorithms}
              kind={snapshot.aqm?.kind}
              error={snapshot.errors['set-algorithm']}
              onChange={(kind) => {
                if (!isLocked('aqm'))
                  store.setAlgorithm(
                    kind,
                    aqmChoices?.find((a) => a.kind === kind),
                  )
              }}
            />
          </Lockable>
        )}
        <StoreParamPanel info={info} store={store} snapshot={snapshot} />
      </ErrorBoundary>
      <ErrorBoundary onReset={resetToLastGood}>
        {draft.shown !== null && (
          <ScenarioSection
            key={draft.revision}
            shown={draft.shown}
            errorField={errorField}
            applyError={applyError}
            onEdit={onEdit}
            onUpdate={onUpdate}
          />
        )}
      </ErrorBoundary>
      <ApplyBar
        dirty={draft.dirty}
        blocked={draft.unreadable.length > 0}
        disabled={!snapshot.ready}
        problem={place === 'apply' ? applyError : undefined}
        onApply={() => {
          const json = draft.toApply()
          if (json !== null) store.configure(json)
        }}
        onDiscard={() => {
          draft.discard()
          store.dismissError('configure')
        }}
      />
    </aside>
  )
}
