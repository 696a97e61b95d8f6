// The latest sampled values as numbers with units.
import * as d3 from 'd3'
import type { SampleBuffer } from '../engine/samples'

interface Field {
  column: string
  label: string
  format: (v: number) => string
  /** Show the total since the start of the run instead of the latest sample. */
  total?: boolean
}

const FIELDS: Field[] = [
  { column: 'q_pkts', label: 'Queue', format: (v) => `${d3.format(',.0f')(v)} pkts` },
  { column: 'avg', label: 'Average queue', format: (v) => d3.format(',.1f')(v) },
  { column: 'p', label: 'Drop probability', format: (v) => d3.format('.3f')(v) },
  { column: 'delay_ms', label: 'Queueing delay', format: (v) => `${d3.format(',.1f')(v)} ms` },
  { column: 'util', label: 'Link utilisation', format: (v) => d3.format('.1%')(v) },
  { column: 'jain', label: 'Fairness (Jain)', format: (v) => d3.format('.3f')(v) },
  { column: 'drops', label: 'Drops (total)', format: (v) => d3.format(',.0f')(v), total: true },
  { column: 'marks', label: 'ECN marks (total)', format: (v) => d3.format(',.0f')(v), total: true },
]

interface ReadoutsProps {
  simTime: number
  buffer: SampleBuffer | null
  /** Changes whenever new samples arrived. */
  version: number
}

export function Readouts({ simTime, buffer }: ReadoutsProps) {
  const latest = buffer?.latest() ?? null
  return (
    <dl className="readouts" aria-label="Latest values">
      <div>
        <dt>Simulated time</dt>
        <dd data-testid="sim-time">{d3.format(',.2f')(simTime)} s</dd>
      </div>
      {FIELDS.map((f) => {
        const v = f.total ? buffer?.sum(f.column) : latest?.[f.column]
        return (
          <div key={f.column}>
            <dt>{f.label}</dt>
            <dd>{v === undefined || !Number.isFinite(v) ? '–' : f.format(v)}</dd>
          </div>
        )
      })}
    </dl>
  )
}
