// The RFC 7928 view of a set of replicated runs: the delay–goodput ellipses and the box plots, in a
// collapsible section (it is drawn only when open).
import { memo } from 'react'
import { useTranslation } from 'react-i18next'
import { BoxPlots } from './BoxPlots'
import { DelayGoodputPlot } from './DelayGoodputPlot'
import type { RunGroup } from './groups'
import './replications.css'

export const Rfc7928View = memo(function Rfc7928View({
  groups,
  open = true,
}: {
  groups: readonly RunGroup[]
  open?: boolean
}) {
  const { t } = useTranslation('teach')
  return (
    <details className="panel rfc7928" open={open} data-testid="rfc7928-view">
      <summary>
        <h2>{t('replicate.rfc7928_heading')}</h2>
      </summary>
      {groups.length === 0 ? (
        <p className="muted">{t('replicate.rfc7928_empty')}</p>
      ) : (
        <>
          <DelayGoodputPlot groups={groups} />
          <BoxPlots groups={groups} />
        </>
      )}
    </details>
  )
})
