// The share dialog's "Replay this session" part: a link that replays the running simulation's session exactly,
// and the session file (web/session/file.ts). The session is read when the dialog opens.
import { useId, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import type { SimStore } from '../engine/store'
import { decodeSketches, scoreSketch } from '../charts/sketch/sketch'
import { SKETCH_KEY } from '../charts/sketch/sketchStore'
import { CopyField } from './CopyField'
import { download } from './exporters'
import { sessionFile, type SessionExtras } from '../session/file'
import { MAX_ACTIONS, recorderOf, replayLink } from '../session/recorder'

/** The run's queue samples [t, q_pkts] still in the page's buffer. */
function queueTrace(store: SimStore): Array<[number, number]> {
  const rows = store.buffer
  const [tc, qc] = [rows?.columnIndex('t') ?? -1, rows?.columnIndex('q_pkts') ?? -1]
  if (!rows || tc < 0 || qc < 0) return []
  const out: Array<[number, number]> = []
  for (let i = 0; i < rows.length; i++) out.push([rows.at(i, tc), rows.at(i, qc)])
  return out
}

/** The lab's prediction (sketch id '') with its score, and the run's outcome, for the class view. */
export function sessionExtras(store: SimStore): SessionExtras {
  const sketch = new URL(window.location.href).searchParams.get(SKETCH_KEY)
  const points = decodeSketches(sketch)['']
  const s = store.getSnapshot().summary
  return {
    prediction:
      sketch === null || points === undefined
        ? null
        : { sketch, score: scoreSketch(points, queueTrace(store))?.score ?? null },
    outcome:
      s === null || s.measured_to_s <= s.measured_from_s
        ? null
        : {
            measured_from_s: s.measured_from_s,
            measured_to_s: s.measured_to_s,
            mean_queue_pkts: s.mean_queue_pkts,
            delay_ms_mean: s.delay_ms.mean,
            goodput_mbps: s.total_goodput_payload_mbps,
            utilisation: s.utilisation,
          },
  }
}

export function SessionShare({ store, fileName }: { store: SimStore; fileName: string }) {
  const { t } = useTranslation('session')
  const id = useId()
  const recorder = recorderOf(store)
  const session = useMemo(() => {
    const encoded = recorder?.encoded() ?? null
    const log = recorder?.session() ?? null
    return encoded === null || log === null ? null : { encoded, log, truncated: recorder?.truncated === true }
  }, [recorder])
  if (session === null) return null
  const link = replayLink(session.encoded)
  return (
    <section className="share-section" aria-labelledby={`${id}-replay`}>
      <h3 id={`${id}-replay`}>{t('share.heading')}</h3>
      <CopyField value={link} label={t('share.label')} copy={t('share.copy')} testId="replay-link">
        <button
          type="button"
          onClick={() =>
            download(
              `${fileName}-session.json`,
              sessionFile(session.encoded, session.log.scenario, sessionExtras(store)),
              'application/json',
            )
          }
        >
          {t('share.file')}
        </button>
      </CopyField>
      <p className="share-note">
        {t('share.note', { actions: session.log.actions.length, bytes: session.encoded.length })}
        {session.truncated && ` ${t('share.truncated', { n: MAX_ACTIONS })}`}
      </p>
    </section>
  )
}
