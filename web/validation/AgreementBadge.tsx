// "Run as ns-3, agrees with ns-3 on n of m metrics": shown only for a preset whose every side ran in ns-3 as
// its own validation case (presetAgreement.ts), linking to the first side's case on the Validation page.
import { useTranslation } from 'react-i18next'
import { links } from '../catalog/links'
import type { Preset } from '../catalog/types'
import { presetAgreement } from './presetAgreement'

export function AgreementBadge({ preset }: { preset: Preset }) {
  const { t } = useTranslation('validation')
  const { t: tApp } = useTranslation()
  const a = presetAgreement(preset)
  if (a === null) return null
  const first = a.sides[0].caseId
  const words = {
    n: a.agree,
    m: a.compared,
    sides: a.sides.length,
    profile: tApp(`run.profiles.${a.profile}`, { defaultValue: a.profile }),
    metrics: a.agreeEverywhere.map((id) => t(`metric_short.${id}`)).join(', ') || t('none'),
    cases: a.sides.map((s) => s.caseId).join(', '),
  }
  // The visible words begin the accessible name (WCAG 2.5.3).
  const text = t('badge.text', words)
  return (
    <a
      className="badge badge-validation"
      href={`${links.validation()}#case-${first}`}
      data-testid="validation-badge"
      data-case={first}
      data-profile={a.profile}
      aria-label={`${text}. ${t('badge.label', words)}`}
    >
      {text}
    </a>
  )
}
