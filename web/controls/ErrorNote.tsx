// An error shown next to the control it belongs to; announced to screen readers. The engine's typed
// refusal is worded from the `problems` catalogue (problemWords.ts), the engine's own sentence folded under
// "Details"; another worker error from errors.<code>, with its English detail marked lang="en".
import { Trans, useTranslation } from 'react-i18next'
import type { ErrorCode } from '../engine/protocol'
import type { EngineProblem } from '../scenario/engineProblem'
import { wordProblem } from './problemWords'

/** A worker error (code + English detail, and the engine's typed problem), or a message already in the reader's language. */
export type Problem = { code: ErrorCode; message: string; problem?: EngineProblem } | string

function EngineProblemText({ problem, aqmKind }: { problem: EngineProblem; aqmKind?: string }) {
  const { t, i18n } = useTranslation('problems')
  const worded = wordProblem(t, problem, i18n.resolvedLanguage ?? 'en', aqmKind)
  return (
    <>
      {worded.text}
      {worded.english !== undefined && <ProblemDetails message={worded.english} />}
    </>
  )
}

/** The engine's own sentence (English, with the scenario's paths), folded away under "Details". */
export function ProblemDetails({ message }: { message: string }) {
  const { t } = useTranslation('problems')
  return (
    <details className="problem-details">
      <summary>{t('details')}</summary>
      <code lang="en">{message}</code>
    </details>
  )
}

export function ProblemText({ problem, aqmKind }: { problem: Problem; aqmKind?: string }) {
  if (typeof problem === 'string') return <>{problem}</>
  if (problem.code === 'engine' && problem.problem !== undefined)
    return <EngineProblemText problem={problem.problem} aqmKind={aqmKind} />
  return (
    <Trans
      i18nKey={`errors.${problem.code}`}
      values={{ detail: problem.message }}
      components={{ en: <span lang="en" /> }}
    />
  )
}

export function ErrorNote({ id, problem, aqmKind }: { id: string; problem: Problem | undefined; aqmKind?: string }) {
  if (problem === undefined) return null
  return (
    <div className="error-note" id={id} role="alert">
      <ProblemText problem={problem} aqmKind={aqmKind} />
    </div>
  )
}
