// The delay–goodput plot of the AQM characterisation guidelines (RFC 7928 §2.7): each AQM (a Compare
// side or a sweep point) as its runs, one dot per seed, and an ellipse from their mean and covariance
// (one standard deviation along each principal axis), queueing delay on a reversed x axis so that the
// better corner (low delay, high goodput) is the top right. The ns-3 AQM evaluation suite draws it the
// same way. Each ellipse carries its centre (the means) in data attributes for the tests.
import { useTranslation } from 'react-i18next'
import * as d3 from 'd3'
import { Axis } from '../charts/Axis'
import { tickFormat } from '../charts/format'
import { seriesVars } from '../charts/palette'
import { covariance, ellipseOf, ellipsePoints } from '../stats/replicate'
import type { RunGroup } from './groups'

const W = 640
const H = 360
const M = { top: 14, right: 20, bottom: 46, left: 62 }

export function DelayGoodputPlot({ groups }: { groups: readonly RunGroup[] }) {
  const { t } = useTranslation('teach')
  const innerW = W - M.left - M.right
  const innerH = H - M.top - M.bottom
  const shapes = groups.map((g) => {
    const cov = covariance(g.delays, g.goodputs)
    return { g, cov, pts: cov.n >= 2 ? ellipsePoints(ellipseOf(cov)) : [] }
  })
  const xsAll = shapes.flatMap((s) => [...s.g.delays, ...s.pts.map((p) => p[0])]).filter(Number.isFinite)
  const ysAll = shapes.flatMap((s) => [...s.g.goodputs, ...s.pts.map((p) => p[1])]).filter(Number.isFinite)
  const xMax = d3.max(xsAll) ?? 1
  const [yLo, yHi] = d3.extent(ysAll)
  // Reversed: the delay axis runs from high (left) to low (right), as RFC 7928 §2.7 draws it.
  const x = d3
    .scaleLinear()
    .domain([0, xMax > 0 ? xMax * 1.05 : 1])
    .nice()
    .range([innerW, 0])
  const pad = yLo === undefined || yHi === undefined ? 1 : Math.max((yHi - yLo) * 0.1, Math.abs(yHi) * 0.01, 1e-6)
  const y = d3
    .scaleLinear()
    .domain(yLo === undefined || yHi === undefined ? [0, 1] : [yLo - pad, yHi + pad])
    .nice()
    .range([innerH, 0])
  const outline = d3
    .line<[number, number]>()
    .x((p) => x(p[0]))
    .y((p) => y(p[1]))
    .curve(d3.curveLinearClosed)
  const title = t('replicate.rfc7928_title')
  return (
    <figure className="chart rfc7928-plot" data-testid="rfc7928-plot">
      <figcaption>{title}</figcaption>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={title}>
        <g transform={`translate(${M.left},${M.top})`}>
          <Axis scale={y} orient="left" gridLength={innerW} format={tickFormat} />
          <g transform={`translate(0,${innerH})`}>
            <Axis scale={x} orient="bottom" format={tickFormat} />
          </g>
          <text className="axis-label" x={innerW / 2} y={innerH + 38} textAnchor="middle">
            {t('replicate.axis_delay')}
          </text>
          <text className="axis-label" transform={`translate(-48,${innerH / 2}) rotate(-90)`} textAnchor="middle">
            {t('replicate.axis_goodput')}
          </text>
          {shapes.map(({ g, cov, pts }) => (
            <g
              key={g.key}
              className="rfc7928-group"
              data-testid="rfc7928-ellipse"
              data-key={g.key}
              data-cx={String(cov.mx)}
              data-cy={String(cov.my)}
              data-n={cov.n}
              style={{ color: seriesVars[g.colour % seriesVars.length] }}
            >
              <title>
                {t('replicate.ellipse_title', {
                  label: g.label,
                  delay: cov.mx.toFixed(2),
                  goodput: cov.my.toFixed(3),
                  n: cov.n,
                })}
              </title>
              {pts.length > 0 && (
                <path
                  d={outline(pts) ?? ''}
                  fill="currentColor"
                  fillOpacity={0.12}
                  stroke="currentColor"
                  strokeWidth={2}
                />
              )}
              {g.delays.map((d, i) =>
                Number.isFinite(d) && Number.isFinite(g.goodputs[i]) ? (
                  <circle key={i} cx={x(d)} cy={y(g.goodputs[i])} r={2.5} fill="currentColor" fillOpacity={0.6} />
                ) : null,
              )}
              {Number.isFinite(cov.mx) && Number.isFinite(cov.my) && (
                <>
                  <path
                    className="rfc7928-centre"
                    d={`M${x(cov.mx) - 6},${y(cov.my)}h12M${x(cov.mx)},${y(cov.my) - 6}v12`}
                    stroke="currentColor"
                    strokeWidth={2.5}
                  />
                  <text className="rfc7928-tag" x={x(cov.mx) + 8} y={y(cov.my) - 8} fontSize={12} fill="var(--c-ink)">
                    {g.tag}
                  </text>
                </>
              )}
            </g>
          ))}
        </g>
      </svg>
      <ul className="legend">
        {groups
          .filter((g, i) => groups.findIndex((h) => h.colour === g.colour && h.series === g.series) === i)
          .map((g) => (
            <li key={g.key}>
              <span className="swatch" style={{ background: seriesVars[g.colour % seriesVars.length] }} />
              {g.series}
            </li>
          ))}
      </ul>
      <p className="muted">{t('replicate.rfc7928_note')}</p>
    </figure>
  )
}
