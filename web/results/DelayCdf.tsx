// The queueing-delay CDF of one run or of several sides (one line each), drawn from the engine's fixed
// log-binned histogram (docs/results.md) on a log delay axis, as Flent draws latency CDFs. Each side's
// p50/p95/p99 from the summary are marked on its line and listed as text beneath.
import { useId, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import * as d3 from 'd3'
import { Axis } from '../charts/Axis'
import { cdfPoints, type DelayHistogram } from '../engine/resultsModel'

export interface CdfSeries {
  label: string
  colour: string
  histogram: DelayHistogram | undefined
  percentiles: { p50?: number; p95?: number; p99?: number }
}

const W = 480
const H = 210
const M = { top: 10, right: 12, bottom: 34, left: 44 }
const QUANTILES = [
  ['p50', 0.5],
  ['p95', 0.95],
  ['p99', 0.99],
] as const
const ms = d3.format(',.2~f')
/** Powers of ten from lo to hi: a log axis labelled once per decade stays legible. */
const decades = (lo: number, hi: number) =>
  d3.range(Math.ceil(Math.log10(lo)), Math.floor(Math.log10(hi)) + 1).map((k) => 10 ** k)
const shown = (v: number | undefined) => (v !== undefined && Number.isFinite(v) ? ms(v) : '–')

export function DelayCdf({ series, testId = 'delay-cdf' }: { series: readonly CdfSeries[]; testId?: string }) {
  const { t } = useTranslation('charts')
  const titleId = useId()
  const lines = useMemo(() => series.map((s) => (s.histogram ? cdfPoints(s.histogram) : [])), [series])
  const all = lines.flat()
  const lo = Math.max(0.01, d3.min(all, (p) => p[0]) ?? 0.01)
  const hi = Math.max(lo * 10, d3.max(all, (p) => p[0]) ?? 1)
  const x = d3
    .scaleLog()
    .domain([lo, hi])
    .range([M.left, W - M.right])
    .clamp(true)
  const y = d3
    .scaleLinear()
    .domain([0, 1])
    .range([H - M.bottom, M.top])
  const path = d3
    .line<[number, number]>()
    .x((p) => x(p[0]))
    .y((p) => y(p[1]))
    .curve(d3.curveMonotoneX)
  const empty = all.length === 0
  return (
    <figure className="chart delay-cdf" data-testid={testId} aria-labelledby={titleId}>
      <figcaption id={titleId}>
        <span className="chart-title">{t('results.cdf_title')}</span>
      </figcaption>
      {empty ? (
        <p className="muted">{t('results.cdf_empty')}</p>
      ) : (
        <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={t('results.cdf_aria')} className="cdf-svg">
          <g transform={`translate(0,${H - M.bottom})`}>
            <Axis scale={x} orient="bottom" tickValues={decades(lo, hi)} format={d3.format('~g')} />
          </g>
          <g transform={`translate(${M.left},0)`}>
            <Axis scale={y} orient="left" ticks={5} format={d3.format('.0%')} gridLength={W - M.left - M.right} />
          </g>
          <text x={(M.left + W - M.right) / 2} y={H - 4} textAnchor="middle" className="axis-label">
            {t('results.cdf_x')}
          </text>
          {series.map((s, i) => (
            <g key={s.label} style={{ color: s.colour }}>
              <path className="cdf-line" d={path(lines[i]) ?? ''} fill="none" stroke="currentColor" strokeWidth={1.8} />
              {QUANTILES.map(([name, q]) => {
                const v = s.percentiles[name]
                if (v === undefined || !Number.isFinite(v) || v <= 0) return null
                return (
                  <g key={name} data-testid={`${testId}-mark-${i}-${name}`}>
                    <line x1={x(v)} x2={x(v)} y1={y(q) - 6} y2={y(q) + 6} stroke="currentColor" strokeWidth={2} />
                    <circle cx={x(v)} cy={y(q)} r={2.5} fill="currentColor" />
                  </g>
                )
              })}
            </g>
          ))}
        </svg>
      )}
      <ul className="legend cdf-legend">
        {series.map((s, i) => (
          <li key={s.label} data-testid={`${testId}-values-${i}`}>
            <span className="swatch" style={{ background: s.colour }} />
            {series.length > 1 && <>{s.label}: </>}
            {QUANTILES.map(([name]) => (
              <span key={name} data-testid={`${testId}-${i}-${name}`} data-value={s.percentiles[name] ?? ''}>
                {t(`results.${name}`, { v: shown(s.percentiles[name]) })}{' '}
              </span>
            ))}
          </li>
        ))}
      </ul>
    </figure>
  )
}
