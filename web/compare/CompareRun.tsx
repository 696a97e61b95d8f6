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
import { METRICS, type SummaryJson } from '../engine/summary'
import { causeMetrics } from './causes'
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
import type { AqmConfig } from '../engine/protocol'
import { algorithmName } from '../i18n/names'
import { getOwn, isObject } from '../scenario/json'
import { aqmChanges, editsText, mergeEdits, withEdits } from './edits'
import type { SideEdits } from './url'

export interface CompareSide {
  /** The side's label as the preset (or the link) names it, before any edit. */
  label: string
  /** The side's scenario before any edit. */
  original: string
  /** The scenario the side starts from: the original with the link's edits. */
  scenario: string
}

/**
 * Each side's AQM parameters that differ from what it started with (a dragged threshold), as one JSON text
 * (a new text only when an edit changes). The starting AQM is taken once the side runs its scenario, again
 * after each rebuild (Reset goes back to the start).
 */
function useLiveChanges(sides: readonly Side[]): string {
  const [baselines] = useState(() => new Map<Side, { epoch: number; aqm: AqmConfig }>())
  return useSyncExternalStore(
    (l) => {
      const offs = sides.map((s) => s.store.subscribe(l))
      return () => offs.forEach((off) => off())
    },
    () =>
      JSON.stringify(
        sides.map((side) => {
          const snap = side.store.getSnapshot()
          if (!side.onScenario() || snap.aqm === null) return {}
          let b = baselines.get(side)
          if (b === undefined || b.epoch !== snap.epoch) {
            b = { epoch: snap.epoch, aqm: snap.aqm }
            baselines.set(side, b)
          }
          return aqmChanges(b.aqm, snap.aqm)
        }),
      ),
  )
}

/** `value`, once it has stayed the same for `ms` (a drag sends many values: the replications wait for the last). */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    if (Object.is(value, settled)) return
    const id = setTimeout(() => setSettled(value), ms)
    return () => clearTimeout(id)
  }, [value, settled, ms])
  return settled
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
  /** The runs a side and the scenarios these replications are of. */
  key: string
  runs: number
  /** summaries[k][r]: side k's run with seed + r, null until it finishes. */
  summaries: (SummaryJson | null)[][]
  /** The first error of each side. */
  errors: (string | null)[]
  done: number
}

/** `runs` replications of each of `sides` sides, none finished yet. */
function noReplications(key: string, runs: number, sides: number): Replications {
  return {
    key,
    runs,
    summaries: Array.from({ length: sides }, () => Array.from({ length: runs }, () => null)),
    errors: Array.from({ length: sides }, () => null),
    done: 0,
  }
}

interface CompareRunProps {
  preset: Preset
  sides: CompareSide[]
  embed: boolean
  shareSearch: string
  /** The link's edits of each side (already in each side's scenario). */
  linkEdits: SideEdits
  /** Every side's edits (the link's and live ones) whenever they change. */
  onEdits(edits: SideEdits): void
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

export function CompareRun({
  preset,
  sides: given,
  embed,
  shareSearch,
  linkEdits,
  onEdits,
  runs,
  onRuns,
  onRemove,
}: CompareRunProps) {
  const { t } = useTranslation('teach')
  const { t: tApp } = useTranslation()
  const { sides, lock, playing, speed } = useLockstep(given.map((s) => s.scenario))
  // What each side runs now: its title, replications, exports and link follow its edited parameters.
  const live = useLiveChanges(sides)
  const algorithms = sides[0].store.getSnapshot().algorithms
  const edits: SideEdits = useMemo(() => {
    const changes = JSON.parse(live) as Record<string, number>[]
    return Object.fromEntries(
      given.flatMap((g, k) => {
        const own = getOwn(parseObject(g.original) ?? {}, 'aqm')
        const e = mergeEdits(isObject(own) ? own : null, linkEdits[k], changes[k] ?? {})
        return Object.keys(e).length === 0 ? [] : [[k, e]]
      }),
    )
  }, [live, given, linkEdits])
  const editsKey = JSON.stringify(edits)
  const nowSpecs = useMemo(
    () =>
      given.map((g, k) => {
        const e = edits[k]
        if (e === undefined) return { label: g.label, scenario: g.original }
        const scenario = withEdits(parseObject(g.original) ?? {}, e)
        const aqm = getOwn(scenario, 'aqm')
        const kind = isObject(aqm) && typeof aqm.kind === 'string' ? aqm.kind : ''
        const info = algorithms.find((a) => a.kind === kind)
        return {
          label: t('compare.edited_label', {
            algorithm: info === undefined ? kind : algorithmName(tApp, info),
            settings: editsText(e),
          }),
          scenario: JSON.stringify(scenario),
        }
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- editsKey stands for edits
    [given, editsKey, algorithms, t, tApp],
  )
  useEffect(() => {
    onEdits(JSON.parse(editsKey) as SideEdits)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- report a change of the edits only
  }, [editsKey])
  // The replications follow the edits once a drag has settled (a drag sends many values).
  const scenariosKey = JSON.stringify(nowSpecs.map((s) => s.scenario))
  const settledKey = useSettled(scenariosKey, 400)
  const scenarios = useMemo(() => JSON.parse(settledKey) as string[], [settledKey])
  const specs = useMemo(
    () => scenarios.map((scenario, k) => ({ label: nowSpecs[k].label, scenario })),
    [scenarios, nowSpecs],
  )
  const [view] = useState(() => new TimeViewStore())
  useAnySnapshot(sides)
  const ready = sides.every((s) => s.onScenario())
  const common = ready ? lock.commonTime() : 0

  // Every side's replications: reps[k][r] is side k's run with seed + r (null until it finishes).
  const repsKey = `${runs}\n${settledKey}`
  const [state, setReps] = useState<Replications>(() => noReplications(repsKey, runs, scenarios.length))
  // New runs or edited sides start afresh (the pool of the old ones is disposed by the effect's cleanup).
  const reps = state.key === repsKey ? state : noReplications(repsKey, runs, scenarios.length)
  useEffect(() => {
    const pool = new RunPool()
    void pool.run(
      scenarios.flatMap((s) => replicas(s, runs)),
      (i, o) => {
        const [side, rep] = [Math.floor(i / runs), i % runs]
        setReps((prev) => {
          const all = prev.key === repsKey ? prev : noReplications(repsKey, runs, scenarios.length)
          const summaries = o.ok
            ? all.summaries.map((row, k) => (k === side ? row.map((s, r) => (r === rep ? o.summary : s)) : row))
            : all.summaries
          const errors =
            o.ok || all.errors[side] !== null ? all.errors : all.errors.map((e, k) => (k === side ? o.error : e))
          return { key: repsKey, runs, summaries, errors, done: all.done + 1 }
        })
      },
    )
    return () => pool.dispose()
  }, [scenarios, runs, repsKey])
  // Memoised on the runs: the panes re-render this component every frame while playing.
  const finished = useMemo(
    () => reps.summaries.map((row) => row.filter((s): s is SummaryJson => s !== null)),
    [reps.summaries],
  )
  const repsRef = useRef(reps)
  const specsRef = useRef(specs)
  useEffect(() => {
    repsRef.current = reps
    specsRef.current = specs
  }, [reps, specs])
  useEffect(
    () =>
      installCompareApi(
        sides,
        () => repsRef.current.summaries.map((row) => row[0] ?? null),
        () => repsRef.current.summaries,
        () => specsRef.current,
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
  // The difference summary's rows: the page's metrics, then the drops and marks by each cause the sides'
  // disciplines declare.
  const metrics = useMemo(() => {
    const kinds = specs.map((s) => {
      const aqm = getOwn(parseObject(s.scenario) ?? {}, 'aqm')
      return isObject(aqm) && typeof aqm.kind === 'string' ? aqm.kind : ''
    })
    return [...METRICS, ...causeMetrics(kinds, finished)]
  }, [specs, finished])

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
            label={nowSpecs[k].label}
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
        metrics={metrics}
      />
      <Rfc7928View groups={groups} />
      <CompareCdf summaries={reps.summaries.map((row) => row[0] ?? null)} labels={labels} />
      {!embed && (
        <aside className="compare-aside">
          <PresetInfo preset={preset} current="compare" />
          <section className="panel share-box" aria-label={t('compare.share')}>
            <h2>{t('compare.share')}</h2>
            <AddSide
              algorithms={sides[0].store.getSnapshot().algorithms}
              scenario={sides[0].store.getSnapshot().running?.value}
            />
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
