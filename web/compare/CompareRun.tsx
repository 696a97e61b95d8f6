// The running comparison: one worker per side in lock step, the panes on one shared time window, the
// difference summary from full runs in the worker pool, the preset's text beside, and share tools.
import { useEffect, useRef, useState, useSyncExternalStore } from 'react'
import { useTranslation } from 'react-i18next'
import { TimeViewStore } from '../charts/timeWindow'
import { Transport } from '../controls/Transport'
import { PresetInfo } from '../presets/PresetInfo'
import type { Preset } from '../presets/types'
import { RunPool } from '../sweep/pool'
import type { SummaryJson } from '../sweep/summary'
import { AddSide } from './AddSide'
import { installCompareApi } from './compareApi'
import { ComparePane } from './ComparePane'
import { DifferenceTable } from './DifferenceTable'
import { CompareCdf } from '../results/CompareResults'
import type { Side } from '../presets/side'
import { useLockstep } from './useLockstep'

export interface CompareSide {
  label: string
  scenario: string
}

/** Re-renders when any side's store changes (readiness, time). */
function useAnySnapshot(sides: readonly Side[]): string {
  return useSyncExternalStore(
    (l) => {
      const offs = sides.map((s) => s.store.subscribe(l))
      return () => offs.forEach((off) => off())
    },
    () => sides.map((s) => `${s.onScenario()}:${s.store.getSnapshot().simTime}`).join('|'),
  )
}

function durationOf(scenario: string): number {
  const v: unknown = JSON.parse(scenario)
  return typeof v === 'object' && v !== null && 'duration' in v && typeof v.duration === 'number' ? v.duration : 60
}

interface CompareRunProps {
  preset: Preset
  sides: CompareSide[]
  embed: boolean
  shareSearch: string
}

/** At most three panes a row, each at least 20rem wide: larger text wraps them onto more rows (WCAG 1.4.10). */
function paneColumns(n: number): string {
  const cols = Math.max(1, Math.min(n, 3))
  return `repeat(auto-fit, minmax(max(min(100%, 20rem), calc((100% - ${cols - 1} * var(--gap)) / ${cols})), 1fr))`
}

export function CompareRun({ preset, sides: specs, embed, shareSearch }: CompareRunProps) {
  const { t } = useTranslation('teach')
  const { sides, lock, playing, speed } = useLockstep(specs.map((s) => s.scenario))
  const [view] = useState(() => new TimeViewStore())
  useAnySnapshot(sides)
  const ready = sides.every((s) => s.onScenario())
  const common = ready ? lock.commonTime() : 0

  const [summaries, setSummaries] = useState<(SummaryJson | null)[]>(() => specs.map(() => null))
  const [errors, setErrors] = useState<(string | null)[]>(() => specs.map(() => null))
  const [done, setDone] = useState(0)
  useEffect(() => {
    const pool = new RunPool()
    void pool.run(
      specs.map((s) => s.scenario),
      (i, o) => {
        setDone((d) => d + 1)
        if (o.ok) setSummaries((all) => all.map((s, k) => (k === i ? o.summary : s)))
        else setErrors((all) => all.map((e, k) => (k === i ? o.error : e)))
      },
    )
    return () => pool.dispose()
  }, [specs])
  const summariesRef = useRef(summaries)
  useEffect(() => {
    summariesRef.current = summaries
  }, [summaries])
  useEffect(() => installCompareApi(sides, () => summariesRef.current), [sides])

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
      </div>
      <div className="compare-panes" style={{ gridTemplateColumns: paneColumns(sides.length) }}>
        {sides.map((side, k) => (
          <ComparePane key={k} side={side} index={k} label={specs[k].label} view={view} summary={summaries[k]} />
        ))}
      </div>
      <DifferenceTable labels={specs.map((s) => s.label)} summaries={summaries} errors={errors} done={done} duration={durationOf(specs[0].scenario)} />
      <CompareCdf summaries={summaries} labels={specs.map((s) => s.label)} />
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
              <textarea readOnly rows={3} value={`<iframe src="${embedUrl}" width="100%" height="760" style="border:0" title="AQM Lab"></iframe>`} />
            </label>
          </section>
        </aside>
      )}
    </main>
  )
}
