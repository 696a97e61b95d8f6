// Apply (restarts the run) / discard, with whatever kept the last Apply from taking effect.
import { useTranslation } from 'react-i18next'
import { ErrorNote, type Problem } from './ErrorNote'

interface ApplyBarProps {
  dirty: boolean
  /** Fields hold text that is not a value. */
  blocked: boolean
  disabled: boolean
  /** The engine's refusal when it names no field shown in the editor. */
  problem: Problem | undefined
  onApply(): void
  onDiscard(): void
}

export function ApplyBar({ dirty, blocked, disabled, problem, onApply, onDiscard }: ApplyBarProps) {
  const { t } = useTranslation()
  const status = blocked ? t('scenario.fixFields') : dirty ? t('scenario.pending') : t('scenario.upToDate')
  return (
    <div className={`apply-bar${dirty ? ' apply-bar-dirty' : ''}`}>
      <ErrorNote id="apply-error" problem={problem} />
      <p className="apply-status" role="status">
        {status}
      </p>
      <div className="apply-buttons">
        <button type="button" className="primary" disabled={disabled || !dirty || blocked} onClick={onApply}>
          {t('scenario.apply')}
        </button>
        {dirty && (
          <button type="button" onClick={onDiscard}>
            {t('scenario.discard')}
          </button>
        )}
      </div>
    </div>
  )
}
