// One metric of one case as a dot plot: ns-3's value (a diamond) inside its tolerance band, and this
// engine's value (a dot), on a linear axis that holds all three.
import { scaleLinear } from 'd3'
import { toleranceBand, type ValidationMetric } from './compare'

const W = 220
const H = 28
const PAD = 8

export function DotPlot({
  metric,
  ours,
  ns3,
  label,
}: {
  metric: ValidationMetric
  ours: number
  ns3: number
  label: string
}) {
  if (!Number.isFinite(ns3)) return null
  const [lo, hi] = toleranceBand(metric, ns3)
  const values = [lo, hi, ns3, ...(Number.isFinite(ours) ? [ours] : [])]
  let min = Math.min(...values)
  let max = Math.max(...values)
  const span = max - min || Math.abs(ns3) || 1
  min -= 0.1 * span
  max += 0.1 * span
  const x = scaleLinear()
    .domain([min, max])
    .range([PAD, W - PAD])
  const y = H / 2
  return (
    <svg className="dot-plot" width={W} height={H} viewBox={`0 0 ${W} ${H}`} role="img" aria-label={label}>
      <line className="dot-axis" x1={PAD} x2={W - PAD} y1={y} y2={y} />
      <rect className="dot-band" x={x(lo)} y={y - 8} width={Math.max(1, x(hi) - x(lo))} height={16} />
      <path className="dot-ns3" d={`M${x(ns3)},${y - 7}l6,7l-6,7l-6,-7z`} />
      {Number.isFinite(ours) && <circle className="dot-ours" cx={x(ours)} cy={y} r={5} />}
    </svg>
  )
}
