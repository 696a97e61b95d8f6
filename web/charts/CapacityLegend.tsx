// The legend of the capacity marks (capacityMarks.ts), shown only for a link whose rate changes: the
// engine's trace then carries `capacity_mbps`, and the latest value is the capacity in force.
import { useTranslation } from 'react-i18next'
import type { SimStore } from '../engine/store'
import { useLive } from '../engine/useSimulation'
import { CAPACITY_COLUMN } from './capacityMarks'
import { formatValue } from './format'

export function CapacityLegend({ store, columns }: { store: SimStore; columns: readonly string[] }) {
  const { t } = useTranslation('charts')
  // The newest row's capacity, read at each frame: renders only when the capacity changes.
  const now = useLive(store, () => {
    const rows = store.buffer
    const col = rows?.columnIndex(CAPACITY_COLUMN) ?? -1
    return rows && col >= 0 && rows.length > 0 ? rows.at(rows.length - 1, col) : Number.NaN
  })
  if (!columns.includes(CAPACITY_COLUMN)) return null
  return (
    <p className="capacity-legend" data-testid="capacity-legend">
      <svg width="14" height="14" aria-hidden="true">
        <line x1="7" x2="7" y1="0" y2="14" stroke="currentColor" strokeDasharray="4 3" />
      </svg>{' '}
      {Number.isFinite(now) ? t('capacity.legend', { mbps: formatValue(now) }) : t('capacity.legend_short')}
    </p>
  )
}
