// Sweeps: pick a preset, a parameter and its values; the grid (every chosen side at every value) runs in
// a pool of workers, one per core, and one summary metric is plotted against the parameter. The
// settings live in the URL, so a sweep is shared as a link; results export as CSV, and the grid as
// JSON lines that `aqm-cli sweep` reads and answers with the same numbers.
import { useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { PresetInfo } from '../presets/PresetInfo'
import { usePresets } from '../presets/load'
import { sideCount, sideLabel, sideScenario, type JsonObject } from '../presets/patch'
import { TeachHeader } from '../presets/TeachHeader'
import { langOf, type Preset } from '../presets/types'
import { toCsv } from './csv'
import { buildGrid, formatValues, parseValues } from './grid'
import { appliesTo, isWholeNumber, paramByPath, SWEEP_PARAMS } from './params'
import { installSweepApi } from './sweepApi'
import { SweepChart, type Series } from './SweepChart'
import { metricLabel, SweepForm, type SweepSettings } from './SweepForm'
import { flowMetrics, METRICS, metricById, summaryValue } from './summary'
import { runsPerSecond, useSweepRun } from './useSweepRun'

const DEFAULT_PRESET = 'seed001-red-netfpga-buffers'

function defaults(p: Preset, url?: URLSearchParams): SweepSettings {
  const param = url?.get('param') ?? p.sweep?.param ?? 'link.buffer'
  const sides = url?.get('sides')?.split(',').map(Number).filter((k) => Number.isInteger(k) && k >= 0 && k < sideCount(p))
  return {
    presetId: p.id,
    sides: sides !== undefined && sides.length > 0 ? sides : Array.from({ length: sideCount(p) }, (_, k) => k),
    param,
    valuesText: url?.get('values') ?? (param === p.sweep?.param ? formatValues(p.sweep.values) : ''),
    metric: url?.get('metric') ?? p.sweep?.metric ?? 'mean_queue_pkts',
  }
}

/** Flows in a scenario: the sum of its groups' counts (5 per group when left at the default). */
function totalFlows(s: JsonObject): number {
  const groups = Array.isArray(s.flows) ? s.flows : []
  return groups.reduce<number>((n, g) => n + (typeof g === 'object' && g !== null && !Array.isArray(g) && typeof g.count === 'number' ? g.count : 5), 0)
}

function download(name: string, text: string, type: string): void {
  const a = document.createElement('a')
  a.href = URL.createObjectURL(new Blob([text], { type }))
  a.download = name
  a.click()
  setTimeout(() => URL.revokeObjectURL(a.href), 1000)
}

export function SweepView() {
  const { t } = useTranslation('teach')
  const presets = usePresets()
  return (
    <div className="teach-page">
      <TeachHeader current="sweep" subtitle={t('sweep.intro')} />
      {presets.state === 'loading' && <p className="muted">{t('status.loading')}</p>}
      {presets.state === 'error' && <p role="alert">{t('status.load_failed', { detail: presets.message })}</p>}
      {presets.state === 'ready' && <Sweep presets={presets.value} />}
    </div>
  )
}

function Sweep({ presets }: { presets: Preset[] }) {
  const { t, i18n } = useTranslation('teach')
  const lang = langOf(i18n.resolvedLanguage)
  const [settings, setSettings] = useState<SweepSettings>(() => {
    const url = new URLSearchParams(window.location.search)
    const p = presets.find((x) => x.id === url.get('preset')) ?? presets.find((x) => x.id === DEFAULT_PRESET) ?? presets[0]
    return defaults(p, url)
  })
  const preset = presets.find((p) => p.id === settings.presetId) ?? presets[0]
  const sides = useMemo(() => Array.from({ length: sideCount(preset) }, (_, k) => sideScenario(preset, k)), [preset])
  const labels = sides.map((_, k) => sideLabel(preset, k, lang))
  const params = useMemo(() => {
    const known = SWEEP_PARAMS.map((p) => p.path).filter((path) => sides.some((s) => appliesTo(s, path)))
    return preset.sweep !== undefined && !known.includes(preset.sweep.param) ? [preset.sweep.param, ...known] : known
  }, [preset, sides])
  const flowCount = Math.min(6, totalFlows(sides[0]))
  const metrics = [...METRICS, ...flowMetrics(flowCount)]
  const parsed = parseValues(settings.valuesText)
  const valuesError = parsed.ok ? null : t('sweep.values_bad', { bad: parsed.bad })
  const swept = settings.sides.filter((k) => appliesTo(sides[k], settings.param))
  const derived = settings.param === preset.sweep?.param ? preset.sweep.derived : undefined
  const { run, start, cancel, pool } = useSweepRun()
  const runRef = useRef(run)
  useEffect(() => {
    runRef.current = run
  }, [run])
  useEffect(() => installSweepApi(() => runRef.current, () => pool.current), [pool])

  useEffect(() => {
    const q = new URLSearchParams({ view: 'sweep', preset: settings.presetId, param: settings.param, values: settings.valuesText, metric: settings.metric })
    q.set('sides', settings.sides.join(','))
    window.history.replaceState(null, '', `?${q.toString()}`)
  }, [settings])

  const change = (patch: Partial<SweepSettings>) => {
    if (patch.presetId !== undefined && patch.presetId !== settings.presetId) {
      const p = presets.find((x) => x.id === patch.presetId)
      if (p !== undefined) setSettings(defaults(p))
      return
    }
    setSettings({ ...settings, ...patch })
  }
  const onRun = () => {
    if (!parsed.ok) return
    const chosen = swept.map((k) => sides[k])
    const grid = buildGrid(chosen, settings.param, parsed.values, derived).map((g) => ({ ...g, side: swept[g.side] }))
    start(grid)
  }

  const metric = metricById(settings.metric) ?? METRICS[0]
  const series: Series[] = [...new Set(run.grid.map((g) => g.side))].map((side) => ({
    side,
    label: labels[side],
    points: run.grid.flatMap((g, i) => {
      const r = run.results[i]
      return g.side === side && r?.ok ? [{ x: g.x, y: summaryValue(r.summary, metric.id) }] : []
    }),
  }))
  const xs = run.grid.map((g) => g.x)
  const log = xs.length > 1 && Math.min(...xs) > 0 && Math.max(...xs) / Math.min(...xs) >= 20
  const param = paramByPath(settings.param)
  const xLabel = param.key === '' ? settings.param : t(`param.${param.key}`)
  const failures = run.results.flatMap((r, i) => (r !== undefined && !r.ok ? [`${labels[run.grid[i].side]}, ${run.grid[i].x}: ${r.error}`] : []))
  const csvRows = run.grid.map((g, i) => {
    const r = run.results[i]
    return { side: labels[g.side], x: g.x, summary: r?.ok ? r.summary : null, error: r !== undefined && !r.ok ? r.error : undefined }
  })

  return (
    <main className="sweep-layout">
      <SweepForm
        presets={presets}
        preset={preset}
        sideLabels={labels}
        settings={settings}
        params={params}
        metrics={metrics}
        integer={isWholeNumber(sides[0], settings.param)}
        valuesError={valuesError}
        running={run.status === 'running'}
        onChange={change}
        onRun={onRun}
        onCancel={cancel}
      />
      <section className="sweep-results" aria-label={t('sweep.results')}>
        {swept.length < settings.sides.length && (
          <p className="muted">{t('sweep.not_applicable', { sides: settings.sides.filter((k) => !swept.includes(k)).map((k) => labels[k]).join(', ') })}</p>
        )}
        <div className="sweep-progress">
          <progress max={Math.max(1, run.grid.length)} value={run.done} aria-label={t('sweep.progress_label')} />
          <span data-testid="sweep-status" data-status={run.status}>
            {t(`sweep.status_${run.status}`, { done: run.done, total: run.grid.length, workers: pool.current?.size ?? 0 })}
          </span>
          {run.done > 0 && (
            <span data-testid="sweep-rate" className="muted">
              {t('sweep.rate', { rate: runsPerSecond(run).toFixed(2), workers: pool.current?.size ?? 0 })}
            </span>
          )}
        </div>
        <SweepChart series={series} metric={metric} xLabel={xLabel} yLabel={metricLabel(t, metric)} log={log} />
        {failures.length > 0 && (
          <ul className="error-note" role="alert">
            {failures.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
        )}
        <div className="transport-buttons">
          <button type="button" disabled={run.done === 0} onClick={() => download(`sweep-${preset.id}.csv`, toCsv(settings.param, metrics.map((m) => m.id), csvRows), 'text/csv')}>
            {t('sweep.export_csv')}
          </button>
          <button
            type="button"
            disabled={run.grid.length === 0}
            onClick={() => download(`sweep-${preset.id}.jsonl`, run.grid.map((g) => g.scenario).join('\n') + '\n', 'application/x-ndjson')}
          >
            {t('sweep.export_jsonl')}
          </button>
        </div>
        <p className="muted">{t('sweep.cli_hint')}</p>
      </section>
      <PresetInfo preset={preset} current="sweep" />
    </main>
  )
}
