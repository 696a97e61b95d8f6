// The running comparison: one worker per side in lock step, the panes on one shared time window (with the
// lab's window controls), the difference summary from full runs in the worker pool, each side replicated
// over seeds seed, seed+1, … (mean and 95 % interval, docs/replications.md), the RFC 7928 view of those
// runs, the preset's text beside, share tools and exports.
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react'
import { useTranslation } from 'react-i18next'
import { TimeControls } from '../charts/TimeControls'
import { TimeViewStore } from '../charts/timeWindow'
import { Transport } from '../controls/Transport'
import { PresetInfo } from '../presets/PresetInfo'
import type { Preset } from '../catalog/types'
import { RunPool } from '../runs/pool'
import type { SummaryJson } from '../runs/summary'
import { groupOf } from '../replications/groups'
import { Rfc7928View } from '../replications/Rfc7928View'
import { replicas } from '../stats/seeds'
import { parseObject } from '../scenario/json'
import { durationOf } from '../scenario/running'
import { AddSide } from './AddSide'
import { installCompareApi } from './compareApi'
import { ComparePane } from './ComparePane'
import { DifferenceTable } from './DifferenceTable'
import { comparisonJson } from './exportJson'
import { CompareCdf } from '../results/CompareResults'
import type { Side } from '../engine/side'
import { useLockstep } from './useLockstep'

export interface CompareSide {
  label: string
  scenario: string
}

/** Re-renders when any side's readiness or the clock shown (to the hundredth of a second) changes. */
function useAnySnapshot(sides: readonly Side[]): string {
  return useSyncExternalStore(
    (l) => {
      const offs = sides.flatMap((s) => [s.store.subscribe(l), s.store.subscribeLive(l)])
      return () => offs.forEach((off) => off())
    },
    () => sides.map((s) => `${s.onScenario()}:${s.store.live().simTime.toFixed(2)}`).join('|'),
  )
}

/** A side's duration in simulated seconds (the engine's default, 60 s, when it leaves it out). */
const durationOfSpec = (scenario: string): number => durationOf(parseObject(scenario)) ?? 60

interface Replications {
  runs: number
  /** summaries[k][r]: side k's run with seed + r, null until it finishes. */
  summaries: (SummaryJson | null)[][]
  /** The first error of each side. */
  errors: (string | null)[]
  done: number
}

interface CompareRunProps {
  preset: Preset
  sides: CompareSide[]
  embed: boolean
  shareSearch: string
  /** Runs a side for the difference summary (seeds seed, seed+1, …). */
  runs: number
  onRuns(runs: number): void
  /** Removes side k (absent when only two are left). */
  onRemove?: (k: number) => void
}

/** At most three panes a row, each at least 20rem wide: larger text wraps them onto more rows (WCAG 1.4.10). */
function paneColumns(n: number): string {
  const cols = Math.max(1, Math.min(n, 3))
  return `repeat(auto-fit, minmax(max(min(100%, 20rem), calc((100% - ${cols - 1} * var(--gap)) / ${cols})), 1fr))`
}

export function CompareRun({ preset, sides: specs, embed, shareSearch, runs, onRuns, onRemove }: CompareRunProps) {
  const { t } = useTranslation('teach')
  const { sides, lock, playing, speed } = useLockstep(specs.map((s) => s.scenario))
  const [view] = useState(() => new TimeViewStore())
  useAnySnapshot(sides)
  const ready = sides.every((s) => s.onScenario())
  const common = ready ? lock.commonTime() : 0

  // Every side's replications: reps[k][r] is side k's run with seed + r (null until it finishes).
  const empty = (n: number): Replications => ({
    runs: n,
    summaries: specs.map(() => Array.from({ length: n }, () => null)),
    errors: specs.map(() => null),
    done: 0,
  })
  const [state, setReps] = useState<Replications>(() => empty(runs))
  // A new number of runs starts afresh (the pool of the old one is disposed by the effect's cleanup).
  const reps = state.runs === runs ? state : empty(runs)
  useEffect(() => {
    const pool = new RunPool()
    void pool.run(
      specs.flatMap((s) => replicas(s.scenario, runs)),
      (i, o) => {
        const [side, rep] = [Math.floor(i / runs), i % runs]
        setReps((prev) => {
          const all =
            prev.runs === runs
              ? prev
              : {
                  runs,
                  summaries: specs.map(() => Array.from({ length: runs }, () => null)),
                  errors: specs.map(() => null),
                  done: 0,
                }
          const summaries = o.ok
            ? all.summaries.map((row, k) => (k === side ? row.map((s, r) => (r === rep ? o.summary : s)) : row))
            : all.summaries
          const errors =
            o.ok || all.errors[side] !== null ? all.errors : all.errors.map((e, k) => (k === side ? o.error : e))
          return { runs, summaries, errors, done: all.done + 1 }
        })
      },
    )
    return () => pool.dispose()
  }, [specs, runs])
  // Memoised on the runs: the panes re-render this component every frame while playing.
  const finished = useMemo(
    () => reps.summaries.map((row) => row.filter((s): s is SummaryJson => s !== null)),
    [reps.summaries],
  )
  const repsRef = useRef(reps)
  useEffect(() => {
    repsRef.current = reps
  }, [reps])
  useEffect(
    () =>
      installCompareApi(
        sides,
        () => repsRef.current.summaries.map((row) => row[0] ?? null),
        () => repsRef.current.summaries,
      ),
    [sides],
  )
  const groups = useMemo(
    () =>
      finished
        .map((row, k) =>
          groupOf(String(k), `${String.fromCharCode(65 + k)}: ${specs[k].label}`, k, row, String.fromCharCode(65 + k)),
        )
        .filter((g) => g.delays.length > 0),
    [finished, specs],
  )
  const exportJson = useCallback(
    () =>
      comparisonJson({
        preset: preset.id,
        link: new URL(shareSearch, window.location.href).href,
        sides: specs,
        runs: reps.runs,
        summaries: reps.summaries,
      }),
    [preset.id, shareSearch, specs, reps],
  )
  const labels = useMemo(() => specs.map((s) => s.label), [specs])

  const reset = () => {
    lock.pause()
    for (const s of sides) s.configure()
    lock.restart()
  }
  const shareUrl = new URL(shareSearch, window.location.href).href
  const embedUrl = new URL(`${shareSearch}&embed=1`, window.location.href).href

  return (
    <main className={embed ? 'compare-layout compare-layout-embed' : 'compare-layout'}>
      <div className="compare-bar">
        <Transport
          playing={playing}
          speed={speed}
          disabled={!ready}
          error={undefined}
          onPlay={() => lock.play()}
          onPause={() => lock.pause()}
          onStep={(s) => lock.step(s)}
          onReset={reset}
          onSpeed={(v) => lock.setSpeed(v)}
        />
        <p className="compare-clock" data-testid="compare-clock">
          {t('compare.clock', { time: common.toFixed(2), n: sides.length })}
        </p>
        <TimeControls view={view} store={sides[0].store} />
      </div>
      <div className="compare-panes" style={{ gridTemplateColumns: paneColumns(sides.length) }}>
        {sides.map((side, k) => (
          <ComparePane
            key={k}
            side={side}
            index={k}
            label={specs[k].label}
            view={view}
            summary={reps.summaries[k][0] ?? null}
            onRemove={onRemove === undefined || embed ? undefined : () => onRemove(k)}
          />
        ))}
      </div>
      <DifferenceTable
        labels={labels}
        runs={finished}
        runsPerSide={reps.runs}
        errors={reps.errors}
        done={reps.done}
        duration={durationOfSpec(specs[0].scenario)}
        onRuns={onRuns}
        exportJson={exportJson}
      />
      <Rfc7928View groups={groups} />
      <CompareCdf summaries={reps.summaries.map((row) => row[0] ?? null)} labels={labels} />
      {!embed && (
        <aside className="compare-aside">
          <PresetInfo preset={preset} current="compare" />
          <section className="panel share-box" aria-label={t('compare.share')}>
            <h2>{t('compare.share')}</h2>
            <AddSide algorithms={sides[0].store.getSnapshot().algorithms} />
            <label className="field">
              {t('compare.link')}
              <input readOnly value={shareUrl} onFocus={(e) => e.target.select()} />
            </label>
            <label className="field">
              {t('compare.embed')}
              <textarea
                readOnly
                rows={3}
                value={`<iframe src="${embedUrl}" width="100%" height="760" style="border:0" title="AQM Lab"></iframe>`}
              />
            </label>
          </section>
        </aside>
      )}
    </main>
  )
}
