// Chooses the queue discipline; the list and the descriptions come from the engine.
import type { AlgorithmInfo } from '../engine/protocol'
import { ErrorNote } from './ErrorNote'

interface AlgorithmPickerProps {
  algorithms: AlgorithmInfo[]
  kind: string | undefined
  error: string | undefined
  onChange(kind: string): void
}

export function AlgorithmPicker({ algorithms, kind, error, onChange }: AlgorithmPickerProps) {
  const current = algorithms.find((a) => a.kind === kind)
  return (
    <section className="panel" aria-label="Queue discipline">
      <div className="field">
        <label htmlFor="algorithm">Algorithm</label>
        <select
          id="algorithm"
          value={kind ?? ''}
          disabled={algorithms.length === 0}
          aria-invalid={error !== undefined}
          aria-describedby={error !== undefined ? 'algorithm-error' : 'algorithm-summary'}
          onChange={(e) => onChange(e.target.value)}
        >
          {algorithms.map((a) => (
            <option key={a.kind} value={a.kind}>
              {a.label}
            </option>
          ))}
        </select>
      </div>
      <ErrorNote id="algorithm-error" message={error} />
      {current && (
        <div className="algorithm-about" id="algorithm-summary">
          <p>{current.summary}</p>
          <p className="citation">{current.citation}</p>
        </div>
      )}
    </section>
  )
}
