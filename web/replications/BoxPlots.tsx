// Box plots across runs (as Flent draws them for repeated tests): per group, the queueing delay, the
// goodput and Jain's fairness index of each run as min, quartiles, median and max, dots for the runs.
import { useTranslation } from 'react-i18next'
import * as d3 from 'd3'
import { Axis } from '../charts/Axis'
import { tickFormat } from '../charts/format'
import { seriesVars } from '../charts/palette'
import { boxStats } from '../stats/replicate'
import type { RunGroup } from './groups'

const W = 300
const ROW = 26
const M = { top: 6, right: 14, bottom: 34, left: 44 }

function BoxPanel({
  groups,
  pick,
  label,
  id,
}: {
  groups: readonly RunGroup[]
  pick: (g: RunGroup) => number[]
  label: string
  id: string
}) {
  const innerW = W - M.left - M.right
  const innerH = Math.max(1, groups.length) * ROW
  const all = groups.flatMap(pick).filter(Number.isFinite)
  const [lo, hi] = d3.extent(all)
  const x = d3
    .scaleLinear()
    .domain(
      lo === undefined || hi === undefined
        ? [0, 1]
        : lo === hi
          ? [lo - Math.abs(lo) * 0.05 - 1e-9, hi + Math.abs(hi) * 0.05 + 1e-9]
          : [lo, hi],
    )
    .nice()
    .range([0, innerW])
  return (
    <figure className="chart box-plot" data-testid={`box-plot-${id}`}>
      <figcaption>{label}</figcaption>
      <svg viewBox={`0 0 ${W} ${innerH + M.top + M.bottom}`} role="img" aria-label={label}>
        <g transform={`translate(${M.left},${M.top})`}>
          <g transform={`translate(0,${innerH})`}>
            <Axis scale={x} orient="bottom" format={tickFormat} ticks={4} />
          </g>
          {groups.map((g, k) => {
            const values = pick(g)
            const b = boxStats(values)
            const cy = k * ROW + ROW / 2
            if (b.n === 0) return null
            return (
              <g
                key={g.key}
                className="box"
                data-key={g.key}
                data-median={String(b.median)}
                data-n={b.n}
                style={{ color: seriesVars[g.colour % seriesVars.length] }}
              >
                <title>{`${g.label}: ${b.min.toPrecision(4)} | ${b.q1.toPrecision(4)} | ${b.median.toPrecision(4)} | ${b.q3.toPrecision(4)} | ${b.max.toPrecision(4)}`}</title>
                <text x={-6} y={cy + 4} textAnchor="end" fontSize={11} fill="var(--c-ink)">
                  {g.tag}
                </text>
                <line x1={x(b.min)} x2={x(b.max)} y1={cy} y2={cy} stroke="currentColor" />
                <rect
                  x={x(b.q1)}
                  y={cy - 8}
                  width={Math.max(1, x(b.q3) - x(b.q1))}
                  height={16}
                  fill="currentColor"
                  fillOpacity={0.2}
                  stroke="currentColor"
                />
                <line
                  x1={x(b.median)}
                  x2={x(b.median)}
                  y1={cy - 8}
                  y2={cy + 8}
                  stroke="currentColor"
                  strokeWidth={2.5}
                />
                {values.map((v, i) =>
                  Number.isFinite(v) ? <circle key={i} cx={x(v)} cy={cy} r={2} fill="currentColor" /> : null,
                )}
              </g>
            )
          })}
        </g>
      </svg>
    </figure>
  )
}

export function BoxPlots({ groups }: { groups: readonly RunGroup[] }) {
  const { t } = useTranslation('teach')
  return (
    <div className="box-plots">
      <BoxPanel groups={groups} pick={(g) => g.delays} label={t('replicate.box_delay')} id="delay" />
      <BoxPanel groups={groups} pick={(g) => g.goodputs} label={t('replicate.box_goodput')} id="goodput" />
      <BoxPanel groups={groups} pick={(g) => g.jains} label={t('replicate.box_jain')} id="jain" />
    </div>
  )
}
