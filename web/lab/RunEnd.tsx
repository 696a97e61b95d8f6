// The end of a run: the lab pauses at the scenario's duration (the time its summary and the paper's
// numbers are about) and says so, with the run summary's headline numbers and a way to play on.
import { useTranslation } from 'react-i18next'
import * as d3 from 'd3'
import type { SimSnapshot } from '../engine/store'

const fmt = {
  s: d3.format(',.4~f'),
  util: d3.format('.1%'),
  one: d3.format(',.1f'),
  jain: d3.format('.3f'),
  count: d3.format(',.0f'),
}

interface RunEndProps {
  snapshot: SimSnapshot
  /** The simulated time now (where the run paused), for a scenario that leaves its duration to the engine. */
  simTime: number
  onContinue(): void
}

export function RunEnd({ snapshot, simTime, onContinue }: RunEndProps) {
  const { t } = useTranslation()
  if (!snapshot.ended) return null
  const duration = snapshot.running?.duration ?? simTime
  const s = fmt.s(duration)
  const sum = snapshot.summary
  const drops = sum === null ? 0 : Object.values(sum.drops_by_reason).reduce((a, b) => a + b, 0)
  const ok = (v: number) => Number.isFinite(v)
  return (
    <section className="panel run-end" role="status" aria-label={t('runEnd.title', { s })} data-testid="run-end">
      <h2>{t('runEnd.title', { s })}</h2>
      {sum !== null && (
        <>
          <p>{t('runEnd.text', { s, from: fmt.s(sum.measured_from_s) })}</p>
          <ul className="run-end-figures">
            {ok(sum.utilisation) && (
              <li data-testid="run-end-util">{t('runEnd.util', { v: fmt.util(sum.utilisation) })}</li>
            )}
            {ok(sum.mean_queue_pkts) && <li>{t('runEnd.queue', { v: fmt.one(sum.mean_queue_pkts) })}</li>}
            {ok(sum.delay_ms.mean) && <li>{t('runEnd.delay', { v: fmt.one(sum.delay_ms.mean) })}</li>}
            {ok(sum.jain) && <li>{t('runEnd.jain', { v: fmt.jain(sum.jain) })}</li>}
            <li>{t('runEnd.drops', { v: fmt.count(drops) })}</li>
          </ul>
        </>
      )}
      <button type="button" onClick={onContinue} title={t('runEnd.continueHint')}>
        {t('runEnd.continue', { s })}
      </button>
    </section>
  )
}
