// A 2-D sweep as heatmaps, one per side: the first parameter across, the second up, each cell coloured
// by the chosen metric's mean over its runs (viridis, one colour scale shared by every side so colours
// compare) and labelled with it. Each cell carries the exact mean in data-value for the tests.
import { useTranslation } from 'react-i18next'
import * as d3 from 'd3'
import type { Interval } from '../stats/replicate'
import type { Metric } from '../engine/summary'
import { TableScroll } from '../chrome/TableScroll'

export interface HeatCell {
  x: number
  y: number
  value: Interval
}

export interface HeatSide {
  side: number
  label: string
  cells: HeatCell[]
}

interface HeatmapProps {
  sides: HeatSide[]
  xs: number[]
  ys: number[]
  metric: Metric
  xLabel: string
  yLabel: string
  metricLabel: string
}

const CELL_W = 56
const CELL_H = 30
const M = { top: 26, right: 8, bottom: 40, left: 56 }

export function Heatmap({ sides, xs, ys, metric, xLabel, yLabel, metricLabel }: HeatmapProps) {
  const { t } = useTranslation('teach')
  const values = sides.flatMap((s) => s.cells.map((c) => c.value.mean * metric.scale)).filter(Number.isFinite)
  const [lo, hi] = d3.extent(values)
  const colour = d3
    .scaleSequential(d3.interpolateViridis)
    .domain(lo === undefined || hi === undefined || lo === hi ? [0, 1] : [lo, hi])
  const unit = (v: number) => (lo === undefined || hi === undefined || lo === hi ? 0.5 : (v - lo) / (hi - lo))
  const innerW = xs.length * CELL_W
  const innerH = ys.length * CELL_H
  const W = innerW + M.left + M.right
  const H = innerH + M.top + M.bottom
  // Larger values of the second parameter at the top, like a y axis.
  const row = (y: number) => ys.length - 1 - ys.indexOf(y)
  return (
    <div className="heatmaps" data-testid="sweep-heatmaps">
      {sides.map((s) => {
        const title = t('replicate.heatmap_title', { side: s.label, metric: metricLabel, x: xLabel, y: yLabel })
        return (
          <figure key={s.side} className="chart heatmap" data-testid="sweep-heatmap" data-side={s.side}>
            <figcaption>{title}</figcaption>
            <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={title} style={{ maxWidth: `${W * 1.25}px` }}>
              <g transform={`translate(${M.left},${M.top})`}>
                {s.cells.map((c) => {
                  const v = c.value.mean * metric.scale
                  const ok = Number.isFinite(v)
                  const cx = xs.indexOf(c.x) * CELL_W
                  const cy = row(c.y) * CELL_H
                  return (
                    <g
                      key={`${c.x}|${c.y}`}
                      className="heat-cell"
                      data-x={String(c.x)}
                      data-y={String(c.y)}
                      data-value={ok ? String(c.value.mean) : ''}
                      data-ci={Number.isFinite(c.value.ci95) ? String(c.value.ci95) : ''}
                    >
                      <title>{`${xLabel} ${c.x}, ${yLabel} ${c.y}: ${ok ? v.toFixed(metric.digits) : '–'}${Number.isFinite(c.value.ci95) ? ` ± ${(c.value.ci95 * metric.scale).toFixed(metric.digits)}` : ''}`}</title>
                      <rect
                        x={cx}
                        y={cy}
                        width={CELL_W - 2}
                        height={CELL_H - 2}
                        fill={ok ? colour(v) : 'var(--c-grid, #ccc)'}
                      />
                      <text
                        x={cx + CELL_W / 2 - 1}
                        y={cy + CELL_H / 2 + 4}
                        textAnchor="middle"
                        fontSize={11}
                        fill={ok && unit(v) < 0.55 ? '#ffffff' : '#000000'}
                      >
                        {ok ? v.toFixed(metric.digits) : '–'}
                      </text>
                    </g>
                  )
                })}
                {xs.map((x, i) => (
                  <text
                    key={`x${x}`}
                    className="tick-label"
                    x={i * CELL_W + CELL_W / 2 - 1}
                    y={innerH + 14}
                    textAnchor="middle"
                    fontSize={11}
                    fill="currentColor"
                  >
                    {x}
                  </text>
                ))}
                {ys.map((y) => (
                  <text
                    key={`y${y}`}
                    className="tick-label"
                    x={-6}
                    y={row(y) * CELL_H + CELL_H / 2 + 4}
                    textAnchor="end"
                    fontSize={11}
                    fill="currentColor"
                  >
                    {y}
                  </text>
                ))}
                <text className="axis-label" x={innerW / 2} y={innerH + 34} textAnchor="middle">
                  {xLabel}
                </text>
                {/* The second parameter's name above its values (a rotated label would not fit a short grid). */}
                <text className="axis-label" x={-M.left + 4} y={-10} textAnchor="start">
                  {`↑ ${yLabel}`}
                </text>
              </g>
            </svg>
            {/* The same numbers as a table, for keyboards and screen readers (the cells' colours are not enough). */}
            <details className="heatmap-values">
              <summary>{t('replicate.heatmap_table')}</summary>
              <TableScroll label={t('replicate.heatmap_table')}>
                <table>
                  <thead>
                    <tr>
                      <th scope="col">{`${yLabel} ↓ · ${xLabel} →`}</th>
                      {xs.map((x) => (
                        <th key={x} scope="col">
                          {x}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {[...ys].reverse().map((y) => (
                      <tr key={y}>
                        <th scope="row">{y}</th>
                        {xs.map((x) => {
                          const c = s.cells.find((k) => k.x === x && k.y === y)
                          const v = c === undefined ? Number.NaN : c.value.mean * metric.scale
                          const ci = c === undefined ? Number.NaN : c.value.ci95 * metric.scale
                          return (
                            <td key={x}>
                              {Number.isFinite(v) ? v.toFixed(metric.digits) : '–'}
                              {Number.isFinite(ci) ? ` ± ${ci.toFixed(metric.digits)}` : ''}
                            </td>
                          )
                        })}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableScroll>
            </details>
          </figure>
        )
      })}
    </div>
  )
}
