// What the first-visit teaching remembers: whether the person dismissed the "What is AQM?" card and the
// drop-tail nudge. Per screen, in localStorage (never in a scenario or link); a storage that refuses
// (private mode, sandboxed frame) makes both last one page view.
import { loadSetting, saveSetting, type ViewStorage } from '../chrome/viewStorage'
import { parseObject } from '../scenario/json'

export const FIRST_VISIT_KEY = 'aqm-lab:first-visit'

export interface FirstVisitState {
  cardDismissed: boolean
  nudgeDismissed: boolean
}

export const FRESH: FirstVisitState = { cardDismissed: false, nudgeDismissed: false }

export function parseFirstVisit(raw: string | null): FirstVisitState {
  const v = raw === null ? null : parseObject(raw)
  if (v === null) return FRESH
  return { cardDismissed: v.cardDismissed === true, nudgeDismissed: v.nudgeDismissed === true }
}

export function loadFirstVisit(storage: ViewStorage | null): FirstVisitState {
  return loadSetting(storage, FIRST_VISIT_KEY, parseFirstVisit)
}

export function saveFirstVisit(storage: ViewStorage | null, state: FirstVisitState): void {
  saveSetting(storage, FIRST_VISIT_KEY, JSON.stringify(state))
}

/** Which teaching note the lab shows: the card until dismissed, then the nudge while drop-tail runs. */
export function shownNote(state: FirstVisitState, aqmKind: string | undefined): 'card' | 'nudge' | null {
  if (!state.cardDismissed) return 'card'
  if (!state.nudgeDismissed && aqmKind === 'droptail') return 'nudge'
  return null
}
