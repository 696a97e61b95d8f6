// Marks and drops by queue and cause for a discipline with several queues (DualPI2's L4S and classic queues):
// each queue's counters as the engine declares them (`algorithms[].state`, meaning `count`, with its queue
// class; web/engine/subQueues.ts), from the latest state snapshot. Nothing for a one-queue discipline.
import { useTranslation } from 'react-i18next'
import * as d3 from 'd3'
import type { AqmState } from '../engine/protocol'
import { subQueuesNow, subQueuesOf } from '../engine/subQueues'
import { classColours } from '../charts/palette'

const count = d3.format(',.0f')

interface QueueCountsProps {
  /** The running discipline. */
  kind: string | undefined
  state: AqmState
  /** Simulated time of the snapshot, s: the counters run from 0 s to it. */
  simTime: number
  testId?: string
}

export function QueueCounts({ kind, state, simTime, testId = 'queue-counts' }: QueueCountsProps) {
  const { t } = useTranslation('charts')
  const queues = subQueuesNow(subQueuesOf(kind), state).filter((q) => q.counts.length > 0)
  if (queues.length === 0) return null
  const caption = t('results.queue_counts', { t: simTime.toFixed(1) })
  return (
    <div className="per-flow-scroll" role="region" aria-label={caption} tabIndex={0}>
      <table className="per-flow-table queue-counts" data-testid={testId}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('results.queue_col.queue')}</th>
            <th scope="col">{t('results.queue_col.cause')}</th>
            <th scope="col">{t('results.queue_col.count')}</th>
          </tr>
        </thead>
        {/* One row group per queue, its name heading the group (scope rowgroup). */}
        {queues.map((q) => (
          <tbody key={q.cls}>
            {q.counts.map((c, i) => (
              <tr key={c.name} data-queue={q.cls} data-count={c.name}>
                {i === 0 && (
                  <th scope="rowgroup" rowSpan={q.counts.length}>
                    <span className="queue-swatch" aria-hidden="true" style={{ background: classColours[q.cls].css }} />{' '}
                    {t(`subqueue.${q.cls}`)}
                  </th>
                )}
                <td>{t(`subqueue.counts.${c.name}`, { defaultValue: c.name })}</td>
                <td data-value={Number.isFinite(c.value) ? c.value : ''}>
                  {Number.isFinite(c.value) ? count(c.value) : '–'}
                </td>
              </tr>
            ))}
          </tbody>
        ))}
      </table>
    </div>
  )
}
