// Chooses the queue discipline; the list and the descriptions come from the engine. Switching is
// live: the engine keeps the packets already queued.
import { useTranslation } from 'react-i18next'
import type { AlgorithmInfo } from '../engine/protocol'
import { algorithmName } from '../i18n/names'
import { ErrorNote, type Problem } from './ErrorNote'

interface AlgorithmPickerProps {
  algorithms: AlgorithmInfo[]
  kind: string | undefined
  error: Problem | undefined
  onChange(kind: string): void
}

export function AlgorithmPicker({ algorithms, kind, error, onChange }: AlgorithmPickerProps) {
  const { t, i18n } = useTranslation()
  const current = algorithms.find((a) => a.kind === kind)
  const english = (i18n.resolvedLanguage ?? 'en') === 'en'
  return (
    <section className="panel" aria-label={t('algorithm.panel')}>
      <div className="field">
        <label htmlFor="algorithm">{t('algorithm.label')}</label>
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
              {algorithmName(t, a)}
            </option>
          ))}
        </select>
      </div>
      <ErrorNote id="algorithm-error" problem={error} />
      {current && (
        <div className="algorithm-about" id="algorithm-summary">
          <p lang="en">{current.summary}</p>
          <p className="citation" lang="en">
            {current.citation}
          </p>
          <p className="muted hint">
            {english ? t('algorithm.liveHint') : `${t('algorithm.liveHint')} ${t('algorithm.englishNote')}`}
          </p>
        </div>
      )}
    </section>
  )
}
