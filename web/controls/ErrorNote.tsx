// An error shown next to the control it belongs to; announced to screen readers. A worker error is
// worded from the catalogue (errors.<code>), with the engine's English detail marked lang="en".
import { Trans } from 'react-i18next'
import type { ErrorCode } from '../engine/protocol'

/** A worker error (code + English detail), or a message already in the reader's language. */
export type Problem = { code: ErrorCode; message: string } | string

export function ProblemText({ problem }: { problem: Problem }) {
  if (typeof problem === 'string') return <>{problem}</>
  return <Trans i18nKey={`errors.${problem.code}`} values={{ detail: problem.message }} components={{ en: <span lang="en" /> }} />
}

export function ErrorNote({ id, problem }: { id: string; problem: Problem | undefined }) {
  if (problem === undefined) return null
  return (
    <p className="error-note" id={id} role="alert">
      <ProblemText problem={problem} />
    </p>
  )
}
