// "Agrees with ns-3 on n of m metrics": a preset's validation case (presetAgreement.ts), linking to the
// case on the Validation page.
import { useTranslation } from 'react-i18next'
import { links } from '../catalog/links'
import { presetAgreement } from './presetAgreement'

export function AgreementBadge({ scenario }: { scenario: Record<string, unknown> }) {
  const { t } = useTranslation('validation')
  const a = presetAgreement(scenario)
  if (a === null) return null
  const words = { n: a.agree, m: a.compared, id: a.caseId }
  return (
    <a
      className="badge badge-validation"
      href={`${links.validation()}#case-${a.caseId}`}
      data-testid="validation-badge"
      data-case={a.caseId}
      aria-label={t('badge.label', words)}
    >
      {t('badge.text', words)}
    </a>
  )
}
