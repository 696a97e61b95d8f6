// A sweep's result: one metric against the swept parameter, a line per side, drawn like the seeds'
// tables and figures (seed 001's throughput against buffer, seed 000's delay against sources).
// Each point carries the engine's exact value in data-y (the mean over its runs when replicated, with
// the 95 % half-width in data-ci, drawn as an error bar), so tests compare it with the native CLI.
import { useTranslation } from 'react-i18next'
import * as d3 from 'd3'
import { Axis } from '../charts/Axis'
import { tickFormat } from '../charts/format'
import { seriesVars } from '../charts/palette'
import type { Metric } from '../engine/summary'

export interface SeriesPoint {
  x: number
  /** The engine's value (before the metric's display scale); the mean over the point's runs. */
  y: number
  /** Half-width of the 95 % confidence interval of the mean (NaN or absent with one run). */
  ci?: number
}

export interface Series {
  side: number
  label: string
  points: SeriesPoint[]
}

interface SweepChartProps {
  series: Series[]
  metric: Metric
  xLabel: string
  yLabel: string
  log: boolean
}

const W = 640
const H = 320
const M = { top: 12, right: 16, bottom: 44, left: 60 }

export function SweepChart({ series, metric, xLabel, yLabel, log }: SweepChartProps) {
  const { t } = useTranslation('teach')
  const innerW = W - M.left - M.right
  const innerH = H - M.top - M.bottom
  const all = series
    .flatMap((s) => s.points)
    .filter((p) => Number.isFinite(p.y))
    .flatMap((p) =>
      p.ci !== undefined && Number.isFinite(p.ci) ? [p, { x: p.x, y: p.y - p.ci }, { x: p.x, y: p.y + p.ci }] : [p],
    )
  const xs = series.flatMap((s) => s.points.map((p) => p.x))
  const [lo, hi] = d3.extent(xs)
  const domain: [number, number] =
    lo === undefined || hi === undefined ? [0, 1] : lo === hi ? [lo - 1, hi + 1] : [lo, hi]
  const x =
    log && domain[0] > 0
      ? d3.scaleLog().domain(domain).range([0, innerW])
      : d3.scaleLinear().domain(domain).nice().range([0, innerW])
  const yMax = d3.max(all, (p) => p.y * metric.scale) ?? 1
  const yMin = Math.min(0, d3.min(all, (p) => p.y * metric.scale) ?? 0)
  const y = d3
    .scaleLinear()
    .domain([yMin, yMax > yMin ? yMax : yMin + 1])
    .nice()
    .range([innerH, 0])
  const line = d3
    .line<SeriesPoint>()
    .defined((p) => Number.isFinite(p.y))
    .x((p) => x(p.x))
    .y((p) => y(p.y * metric.scale))

  return (
    <figure className="chart sweep-chart" data-testid="sweep-chart">
      <figcaption>{t('sweep.chart_title', { metric: yLabel, param: xLabel })}</figcaption>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={t('sweep.chart_title', { metric: yLabel, param: xLabel })}>
        <g transform={`translate(${M.left},${M.top})`}>
          <Axis scale={y} orient="left" gridLength={innerW} format={tickFormat} />
          <g transform={`translate(0,${innerH})`}>
            <Axis scale={x} orient="bottom" format={tickFormat} ticks={Math.min(8, Math.max(2, xs.length))} />
          </g>
          <text className="axis-label" x={innerW / 2} y={innerH + 36} textAnchor="middle">
            {xLabel}
          </text>
          <text className="axis-label" transform={`translate(-46,${innerH / 2}) rotate(-90)`} textAnchor="middle">
            {yLabel}
          </text>
          {series.map((s) => (
            <g
              key={s.side}
              className="sweep-series"
              data-side={s.side}
              style={{ color: seriesVars[s.side % seriesVars.length] }}
            >
              <path d={line(s.points) ?? ''} fill="none" stroke="currentColor" strokeWidth={2} />
              {s.points
                .filter((p) => Number.isFinite(p.y))
                .map((p) => (
                  <g key={p.x}>
                    {p.ci !== undefined && Number.isFinite(p.ci) && p.ci > 0 && (
                      <path
                        className="sweep-errorbar"
                        d={`M${x(p.x) - 4},${y((p.y - p.ci) * metric.scale)}h8M${x(p.x)},${y((p.y - p.ci) * metric.scale)}V${y((p.y + p.ci) * metric.scale)}M${x(p.x) - 4},${y((p.y + p.ci) * metric.scale)}h8`}
                        stroke="currentColor"
                        strokeWidth={1.5}
                        fill="none"
                      />
                    )}
                    <circle
                      className="sweep-point"
                      cx={x(p.x)}
                      cy={y(p.y * metric.scale)}
                      r={4}
                      fill="currentColor"
                      data-side={s.side}
                      data-x={String(p.x)}
                      data-y={String(p.y)}
                      data-ci={p.ci !== undefined && Number.isFinite(p.ci) ? String(p.ci) : ''}
                    >
                      <title>{`${s.label}: ${xLabel} ${p.x} → ${(p.y * metric.scale).toFixed(metric.digits)}${p.ci !== undefined && Number.isFinite(p.ci) ? ` ± ${(p.ci * metric.scale).toFixed(metric.digits)}` : ''}`}</title>
                    </circle>
                  </g>
                ))}
            </g>
          ))}
        </g>
      </svg>
      <ul className="legend">
        {series.map((s) => (
          <li key={s.side}>
            <span className="swatch" style={{ background: seriesVars[s.side % seriesVars.length] }} />
            {s.label}
          </li>
        ))}
      </ul>
    </figure>
  )
}
