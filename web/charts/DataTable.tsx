// A chart's numbers for screen readers: a table of the latest value of each series the chart draws, kept
// out of sight (the canvas itself is an image to assistive technology). Refreshed once a second, which
// is as often as anyone can listen to it; React stays idle in between. WCAG 1.1.1.
import { useRef } from 'react'
import { useFrameState } from './frameState'
import { useTranslation } from 'react-i18next'
import type { SimStore } from '../engine/store'
import { formatValue } from './format'
import { useFrame } from './frameLoop'

const REFRESH_MS = 1000

export interface TableSeries {
  label: string
  column: string
  format?: (v: number) => string
}

function read(store: SimStore, series: TableSeries[]): string[] {
  const latest = store.buffer?.latest() ?? null
  return [
    latest === null ? '–' : formatValue(latest.t),
    ...series.map((s) => {
      const v = latest?.[s.column]
      return v === undefined || !Number.isFinite(v) ? '–' : (s.format ?? formatValue)(v)
    }),
  ]
}

export function DataTable({
  store,
  title,
  series,
  testId,
}: {
  store: SimStore
  title: string
  series: TableSeries[]
  testId: string
}) {
  const { t } = useTranslation('charts')
  const [values, setValues] = useFrameState<string[]>(() => read(store, series))
  const lastAt = useRef(0)
  useFrame((now) => {
    if (now - lastAt.current < REFRESH_MS) return
    lastAt.current = now
    const next = read(store, series)
    if (next.length !== values.length || next.some((v, i) => v !== values[i])) setValues(next)
  }, `table-${testId}`)
  return (
    // The clip sits on a wrapper: a table ignores a 1px width and would widen a phone's page.
    <div className="chart-data visually-hidden">
      <table data-testid={`${testId}-table`}>
        <caption>{t('table.caption', { title, t: values[0] })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('table.series')}</th>
            <th scope="col">{t('table.latest')}</th>
          </tr>
        </thead>
        <tbody>
          {series.map((s, i) => (
            <tr key={s.column}>
              <th scope="row">{s.label}</th>
              <td>{values[i + 1] ?? '–'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
