// A wide table's own sideways scroll box, so that on a phone the table scrolls and the page does not (WCAG
// 1.4.10 reflow). The box takes the keyboard focus a scroll area needs (axe: scrollable-region-focusable), is a
// named group for screen readers, and shows a shadow at an edge while there is more table past it.
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

/** `label` names what the table shows; the group says it is that table (its section may carry the same name). */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  const { t } = useTranslation()
  return (
    <div className="table-scroll" role="group" aria-label={t('table_scroll', { name: label })} tabIndex={0}>
      {children}
    </div>
  )
}
