// The lab's first-visit teaching (issue 17): a short "What is AQM?" card until dismissed, then, while
// drop-tail runs, a one-line nudge to try RED. Both offer the one click that puts RED's draggable
// thresholds on the queue chart. Dismissals are remembered per screen (firstVisit.ts).
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { SimStore } from '../engine/store'
import { catalog } from '../contract/engine'
import { algorithmName } from '../i18n/names'
import { isLocked, isParamLocked } from '../scenario/teacherView'
import { browserStorage } from '../chrome/viewStorage'
import { loadFirstVisit, saveFirstVisit, shownNote, type FirstVisitState } from './firstVisit'
import './firstVisit.css'

interface FirstVisitProps {
  store: SimStore
  /** The running algorithm's kind. */
  aqmKind: string | undefined
}

/** Whether the lab runs drop-tail (also before the engine has said what runs: the default lab's discipline). */
const runsDropTail = (aqmKind: string | undefined) => aqmKind === undefined || aqmKind === 'droptail'

/** Which of the card's texts describes the running lab: it names what runs, never a lab that is not there. */
export function cardBody(locked: boolean, aqmKind: string | undefined): 'body_locked' | 'body' | 'body_running' {
  if (locked) return 'body_locked'
  return runsDropTail(aqmKind) ? 'body' : 'body_running'
}

export function FirstVisit({ store, aqmKind }: FirstVisitProps) {
  const { t } = useTranslation('teach')
  const { t: tApp } = useTranslation()
  const [state, setState] = useState<FirstVisitState>(() => loadFirstVisit(browserStorage()))
  const note = shownNote(state, aqmKind)
  const update = (patch: Partial<FirstVisitState>) => {
    const next = { ...state, ...patch }
    saveFirstVisit(browserStorage(), next)
    setState(next)
  }
  const tryRed = () => store.setAlgorithm('red')
  // A teacher's worksheet link may fix the algorithm or RED's thresholds: offer only what the student can do.
  const thresholdsFree = !isParamLocked('min_th') || !isParamLocked('max_th')
  // "Try RED" answers drop-tail's long queue; in a lab that already runs another AQM (GFR on ATM cells, CoDel,
  // DualPI2 ...) it would throw that lab's subject away, so it is offered only while drop-tail runs.
  const canTry = !isLocked('aqm') && thresholdsFree && runsDropTail(aqmKind)
  const running = catalog.algorithms.find((a) => a.kind === aqmKind)
  const tryButton = !canTry ? null : (
    <button type="button" className="primary" onClick={tryRed} data-testid="first-visit-try-red">
      {t('firstVisit.try_red')}
    </button>
  )

  if (note === 'card') {
    return (
      <section className="first-visit" aria-labelledby="first-visit-title" data-testid="first-visit-card">
        <h2 id="first-visit-title">{t('firstVisit.title')}</h2>
        <p data-testid="first-visit-body">
          {t(`firstVisit.${cardBody(isLocked('aqm'), aqmKind)}`, {
            algorithm: running === undefined ? '' : algorithmName(tApp, running),
          })}
        </p>
        <p className="first-visit-actions">
          {tryButton}
          {aqmKind === 'red' && thresholdsFree && <span>{t('firstVisit.drag_now')}</span>}
          <button type="button" onClick={() => update({ cardDismissed: true })} data-testid="first-visit-dismiss">
            {t('firstVisit.dismiss')}
          </button>
        </p>
      </section>
    )
  }
  if (note === 'nudge' && canTry) {
    return (
      <p className="first-visit first-visit-nudge" role="note" data-testid="first-visit-nudge">
        <span>{t('firstVisit.nudge')}</span>
        {tryButton}
        <button
          type="button"
          onClick={() => update({ nudgeDismissed: true })}
          aria-label={t('firstVisit.dismiss_nudge')}
        >
          ×
        </button>
      </p>
    )
  }
  return null
}
