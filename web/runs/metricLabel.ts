// A metric's name in the reader's language, for every view that tabulates run summaries (sweep, compare,
// lessons). Per-flow metrics (`flows.<i>.…`) are numbered from 1 as the page numbers flows.
import type { useTranslation } from 'react-i18next'
import type { Metric } from '../engine/summary'

type T = ReturnType<typeof useTranslation>['t']

export function metricLabel(t: T, m: Metric): string {
  const flow = /^flows\.(\d+)\./.exec(m.id)
  return flow === null ? t(`metric.${m.key}`) : t(`metric.${m.key}`, { n: Number(flow[1]) + 1 })
}
