// Sweeps: pick a preset, a parameter and its values (and optionally a second parameter: a 2-D grid drawn
// as heatmaps); every point runs k times (the scenario's seed and the k − 1 after it) in a pool of workers, one per core,
// and one summary metric is plotted against the parameter as the mean with its 95 % confidence
// interval (docs/replications.md), beside the RFC 7928 delay–goodput view. The settings live in the URL,
// so a sweep is shared as a link; results export as CSV, and the grid as JSON lines that `aqm-cli sweep`
// reads and answers with the same numbers.
import { useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { PresetInfo } from '../presets/PresetInfo'
import { usePresets } from '../catalog/load'
import { sideCount, sideLabel, sideScenario } from '../catalog/patch'
import type { JsonObject } from '../scenario/json'
import { TeachHeader } from '../chrome/TeachHeader'
import { langOf, type Preset } from '../catalog/types'
import { groupOf } from '../replications/groups'
import { Rfc7928View } from '../replications/Rfc7928View'
import { interval } from '../stats/replicate'
import { DEFAULT_RUNS, parseRuns } from '../stats/seeds'
import { toCsv } from './csv'
import { buildGrid, cellsOf, formatValues, parseValues } from './grid'
import { Heatmap, type HeatSide } from './Heatmap'
import { appliesTo, isWholeNumber, sweepParamLabel, SWEEP_PARAMS } from './params'
import { installSweepApi } from './sweepApi'
import { sweepLinkVersion, sweepValuesNow } from './link'
import { LINK_VERSION } from '../scenario/migrations'
import { SweepChart, type Series } from './SweepChart'
import { SweepForm, type SweepSettings } from './SweepForm'
import { metricLabel } from '../runs/metricLabel'
import { flowMetrics, METRICS, metricById, summaryValue, type SummaryJson } from '../engine/summary'
import { runsPerSecond, useSweepRun } from './useSweepRun'
import { identicalGroups } from './merge'
import { runningValue, suggestedSweep, suggestedValues } from './suggest'

const DEFAULT_PRESET = 'seed001-red-netfpga-buffers'

function defaults(p: Preset, url?: URLSearchParams): SweepSettings {
  const linked = url
    ?.get('sides')
    ?.split(',')
    .map(Number)
    .filter((k) => Number.isInteger(k) && k >= 0 && k < sideCount(p))
  const sides = linked !== undefined && linked.length > 0 ? linked : Array.from({ length: sideCount(p) }, (_, k) => k)
  // A preset without a sweep of its own gets a suggested one (web/sweep/suggest.ts), never an empty form.
  const suggestion = p.sweep === undefined ? suggestedSweep(sides.map((k) => sideScenario(p, k))) : undefined
  const param = url?.get('param') ?? p.sweep?.param ?? suggestion?.param ?? 'link.buffer'
  const param2 = url?.get('param2') ?? ''
  // A link's values in today's units (an old link may give some AQM times in seconds: link.ts).
  const version = url === undefined ? LINK_VERSION : sweepLinkVersion(url)
  const now = (text: string, path: string) =>
    sweepValuesNow(
      text,
      path,
      sides.map((k) => sideScenario(p, k)),
      version,
    )
  const values = url?.get('values')
  return {
    presetId: p.id,
    sides,
    param,
    valuesText:
      values !== null && values !== undefined
        ? now(values, param)
        : param === p.sweep?.param
          ? formatValues(p.sweep.values)
          : formatValues(suggestedValues(sideScenario(p, sides[0] ?? 0), param)),
    metric: url?.get('metric') ?? p.sweep?.metric ?? 'mean_queue_pkts',
    param2,
    values2Text: now(url?.get('values2') ?? '', param2),
    runsText: url?.get('runs') ?? String(DEFAULT_RUNS),
  }
}

/** Flows in a scenario: the sum of its groups' counts (5 per group when left at the default). */
function totalFlows(s: JsonObject): number {
  const groups = Array.isArray(s.flows) ? s.flows : []
  return groups.reduce<number>(
    (n, g) =>
      n + (typeof g === 'object' && g !== null && !Array.isArray(g) && typeof g.count === 'number' ? g.count : 5),
    0,
  )
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
  const { t: tApp } = useTranslation()
  const lang = langOf(i18n.resolvedLanguage)
  const [settings, setSettings] = useState<SweepSettings>(() => {
    const url = new URLSearchParams(window.location.search)
    const p =
      presets.find((x) => x.id === url.get('preset')) ?? presets.find((x) => x.id === DEFAULT_PRESET) ?? presets[0]
    return defaults(p, url)
  })
  const preset = presets.find((p) => p.id === settings.presetId) ?? presets[0]
  const sides = useMemo(() => Array.from({ length: sideCount(preset) }, (_, k) => sideScenario(preset, k)), [preset])
  const labels = sides.map((_, k) => sideLabel(preset, k, lang))
  const params = useMemo(() => {
    const known = SWEEP_PARAMS.map((p) => p.path).filter((path) => sides.some((s) => appliesTo(s, path)))
    return preset.sweep !== undefined && !known.includes(preset.sweep.param) ? [preset.sweep.param, ...known] : known
  }, [preset, sides])
  // Every flow's goodput up to 32 flows (the 8-flow presets offered only six); beyond that a list of flows is
  // no longer a choice a person makes, and Jain's index and the total describe them.
  const flowCount = Math.min(32, Math.max(...sides.map(totalFlows)))
  const metrics = [...METRICS, ...flowMetrics(flowCount)]
  const parsed = parseValues(settings.valuesText)
  const valuesError = parsed.ok
    ? null
    : settings.valuesText.trim() === ''
      ? t('sweep.values_empty')
      : t('sweep.values_bad', { bad: parsed.bad })
  const two = settings.param2 !== '' && settings.param2 !== settings.param
  const parsed2 = two ? parseValues(settings.values2Text) : null
  const values2Error = parsed2 === null || parsed2.ok ? null : t('sweep.values_bad', { bad: parsed2.bad })
  const runs = parseRuns(settings.runsText)
  const runsError = runs === null ? t('replicate.runs_bad', { text: settings.runsText }) : null
  const swept = settings.sides.filter(
    (k) => appliesTo(sides[k], settings.param) && (!two || appliesTo(sides[k], settings.param2)),
  )
  const derived = settings.param === preset.sweep?.param ? preset.sweep.derived : undefined
  const derived2 = settings.param2 === preset.sweep?.param ? preset.sweep.derived : undefined
  const { run, start, cancel, pool } = useSweepRun()
  const runRef = useRef(run)
  useEffect(() => {
    runRef.current = run
  }, [run])
  useEffect(
    () =>
      installSweepApi(
        () => runRef.current,
        () => pool.current,
      ),
    [pool],
  )

  useEffect(() => {
    const q = new URLSearchParams({
      v: String(LINK_VERSION),
      view: 'sweep',
      preset: settings.presetId,
      param: settings.param,
      values: settings.valuesText,
      metric: settings.metric,
    })
    q.set('sides', settings.sides.join(','))
    if (settings.param2 !== '') {
      q.set('param2', settings.param2)
      q.set('values2', settings.values2Text)
    }
    q.set('runs', settings.runsText)
    window.history.replaceState(null, '', `?${q.toString()}`)
  }, [settings])

  const change = (patch: Partial<SweepSettings>) => {
    if (patch.presetId !== undefined && patch.presetId !== settings.presetId) {
      const p = presets.find((x) => x.id === patch.presetId)
      if (p !== undefined) setSettings(defaults(p))
      return
    }
    // Another parameter: the values typed were for the one before; offer values around its running value.
    if (patch.param !== undefined && patch.param !== settings.param && patch.valuesText === undefined) {
      const own = preset.sweep?.param === patch.param ? preset.sweep.values : undefined
      patch = { ...patch, valuesText: formatValues(own ?? suggestedValues(sides[settings.sides[0] ?? 0], patch.param)) }
    }
    setSettings({ ...settings, ...patch })
  }
  // Sides the sweep makes one scenario at every point (it sweeps what tells them apart) run once.
  const second = parsed2?.ok ? { param: settings.param2, values: parsed2.values, derived: derived2 } : null
  const sweptKey = swept.join()
  const identical = useMemo(
    () =>
      parsed.ok && (second === null || parsed2?.ok === true)
        ? identicalGroups(sides, swept, { param: settings.param, values: parsed.values, derived }, second)
        : swept.map((k) => [k]),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the texts stand for the parsed values and sides
    [sides, sweptKey, settings.param, settings.valuesText, settings.param2, settings.values2Text, derived, derived2],
  )
  // The groups of the sweep that ran (its series), by the side that ran for each.
  const [ranGroups, setRanGroups] = useState<number[][]>([])
  const onRun = () => {
    if (!parsed.ok || runs === null || (parsed2 !== null && !parsed2.ok)) return
    const leads = identical.map((g) => g[0])
    const chosen = leads.map((k) => sides[k])
    const grid = buildGrid(chosen, settings.param, parsed.values, derived, second, runs).map((g) => ({
      ...g,
      side: leads[g.side],
    }))
    setRanGroups(identical)
    start(grid, runs, two ? [settings.param, settings.param2] : [settings.param])
  }

  const metric = metricById(settings.metric) ?? METRICS[0]
  // Each grid point's finished runs, for its mean and interval.
  const cells = cellsOf(run.grid).map((c) => ({
    ...c,
    summaries: c.runs.flatMap((i) => {
      const r = run.results[i]
      return r?.ok ? [r.summary] : []
    }) as SummaryJson[],
  }))
  const is2d = cells.some((c) => c.y !== undefined)
  // Every finished point's runs gave the same summary: the seed changes nothing in this scenario.
  const identicalRuns =
    run.status === 'finished' &&
    cells.length > 0 &&
    cells.every(
      (c) => c.summaries.length >= 2 && c.summaries.every((x) => JSON.stringify(x) === JSON.stringify(c.summaries[0])),
    )
  const xLabel = sweepParamLabel(tApp, settings.param)
  const ranXLabel = sweepParamLabel(tApp, run.params[0] ?? settings.param)
  /** A series' label: its side's, or every merged side's with the reason they are one series. */
  const seriesLabel = (side: number): string => {
    const g = ranGroups.find((h) => h[0] === side)
    return g === undefined || g.length < 2
      ? labels[side]
      : t('sweep.merged_series', { sides: g.map((k) => labels[k]).join(' = '), param: ranXLabel })
  }
  const series: Series[] = is2d
    ? []
    : [...new Set(cells.map((c) => c.side))].map((side) => ({
        side,
        label: seriesLabel(side),
        points: cells.flatMap((c) => {
          if (c.side !== side || c.summaries.length === 0) return []
          const i = interval(c.summaries.map((s) => summaryValue(s, metric.id)))
          return [{ x: c.x, y: i.mean, ci: i.ci95 }]
        }),
      }))
  const heat: HeatSide[] = is2d
    ? [...new Set(cells.map((c) => c.side))].map((side) => ({
        side,
        label: seriesLabel(side),
        cells: cells.flatMap((c) =>
          c.side === side && c.y !== undefined
            ? [{ x: c.x, y: c.y, value: interval(c.summaries.map((s) => summaryValue(s, metric.id))) }]
            : [],
        ),
      }))
    : []
  const heatXs = [...new Set(cells.map((c) => c.x))]
  const heatYs = [...new Set(cells.flatMap((c) => (c.y === undefined ? [] : [c.y])))].sort((a, b) => a - b)
  const yLabel2 = sweepParamLabel(tApp, settings.param2)
  const xs = run.grid.map((g) => g.x)
  const log = xs.length > 1 && Math.min(...xs) > 0 && Math.max(...xs) / Math.min(...xs) >= 20

  // One group per point: coloured by point when one side is swept (by side otherwise), tagged with its value.
  const oneSide = new Set(cells.map((c) => c.side)).size === 1
  const groups = is2d
    ? []
    : cells
        .filter((c) => c.summaries.length > 0)
        .map((c, i) => {
          const label = `${seriesLabel(c.side)}, ${xLabel} ${c.x}`
          return groupOf(
            `${c.side}|${c.x}`,
            label,
            oneSide ? i : c.side,
            c.summaries,
            String(c.x),
            oneSide ? label : seriesLabel(c.side),
          )
        })
  const failures = run.results.flatMap((r, i) =>
    r !== undefined && !r.ok ? [`${seriesLabel(run.grid[i].side)}, ${run.grid[i].x}: ${r.error}`] : [],
  )
  const csvRows = cells.map((c) => {
    const errs = c.runs.flatMap((i) => {
      const r = run.results[i]
      return r !== undefined && !r.ok ? [r.error] : []
    })
    return {
      side: seriesLabel(c.side),
      x: c.x,
      y: c.y,
      summaries: c.summaries,
      error: errs.length > 0 ? errs.join('; ') : undefined,
    }
  })
  const csvParams = is2d ? [run.params[0], run.params[1]] : [run.params[0]]
  // `aqm-cli sweep --seeds k` replicates each line itself: the export holds one line per point (seed unchanged).
  const baseLines = run.grid.filter((g) => g.rep === 0).map((g) => g.scenario)

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
        values2Error={values2Error}
        runsError={runsError}
        running={run.status === 'running'}
        onChange={change}
        onRun={onRun}
        onCancel={cancel}
      />
      <section className="sweep-results" aria-label={t('sweep.results')}>
        {preset.sweep === undefined && (
          <p className="sweep-suggested" data-testid="sweep-suggested">
            {parsed.ok &&
            settings.valuesText === formatValues(suggestedValues(sides[settings.sides[0] ?? 0], settings.param))
              ? t('sweep.suggested', {
                  param: xLabel,
                  value: formatValues([runningValue(sides[settings.sides[0] ?? 0], settings.param) ?? 0]),
                })
              : t('sweep.no_sweep')}
          </p>
        )}
        {swept.length < settings.sides.length && (
          <p className="muted">
            {t('sweep.not_applicable', {
              sides: settings.sides
                .filter((k) => !swept.includes(k))
                .map((k) => labels[k])
                .join(', '),
            })}
          </p>
        )}
        {identical
          .filter((g) => g.length > 1)
          .map((g) => (
            <p key={g.join()} className="sweep-merged" data-testid="sweep-merged">
              {t('sweep.merged_note', { sides: g.map((k) => labels[k]).join(', '), param: xLabel })}
            </p>
          ))}
        <div className="sweep-progress">
          <progress max={Math.max(1, run.grid.length)} value={run.done} aria-label={t('sweep.progress_label')} />
          <span data-testid="sweep-status" data-status={run.status}>
            {t(`sweep.status_${run.status}`, {
              done: run.done,
              total: run.grid.length,
              workers: pool.current?.size ?? 0,
            })}
          </span>
          {run.done > 0 && (
            <span data-testid="sweep-rate" className="muted">
              {t('sweep.rate', { rate: runsPerSecond(run).toFixed(2), workers: pool.current?.size ?? 0 })}
            </span>
          )}
        </div>
        {is2d ? (
          <Heatmap
            sides={heat}
            xs={heatXs}
            ys={heatYs}
            metric={metric}
            xLabel={xLabel}
            yLabel={yLabel2}
            metricLabel={metricLabel(t, metric)}
          />
        ) : (
          <SweepChart series={series} metric={metric} xLabel={xLabel} yLabel={metricLabel(t, metric)} log={log} />
        )}
        {run.runs > 1 &&
          (identicalRuns ? (
            <p className="identical-note" data-testid="identical-note">
              {t('replicate.sweep_identical', { runs: run.runs })}
            </p>
          ) : (
            <p className="muted">
              {t(is2d ? 'replicate.sweep_runs_note_heatmap' : 'replicate.sweep_runs_note', {
                runs: run.runs,
                more: run.runs - 1,
              })}
            </p>
          ))}
        {failures.length > 0 && (
          <ul className="error-note" role="alert">
            {failures.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
        )}
        <div className="transport-buttons">
          <button
            type="button"
            disabled={run.done === 0}
            onClick={() =>
              download(
                `sweep-${preset.id}.csv`,
                toCsv(
                  csvParams,
                  metrics.map((m) => m.id),
                  csvRows,
                  run.runs,
                ),
                'text/csv',
              )
            }
          >
            {t('sweep.export_csv')}
          </button>
          <button
            type="button"
            disabled={run.grid.length === 0}
            onClick={() => download(`sweep-${preset.id}.jsonl`, baseLines.join('\n') + '\n', 'application/x-ndjson')}
          >
            {t('sweep.export_jsonl')}
          </button>
        </div>
        <p className="muted">{t('sweep.cli_hint')}</p>
        {run.runs > 1 && <p className="muted">{t('replicate.cli_seeds_hint', { runs: run.runs })}</p>}
        {!is2d && run.done > 0 && <Rfc7928View groups={groups} open={run.runs > 1} />}
      </section>
      <PresetInfo preset={preset} current="sweep" />
    </main>
  )
}
