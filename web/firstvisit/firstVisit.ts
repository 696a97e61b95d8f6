// What the first-visit teaching remembers: whether the person dismissed the "What is AQM?" card and the
// drop-tail nudge. Per screen, in localStorage (never in a scenario or link); a storage that refuses
// (private mode, sandboxed frame) makes both last one page view.

export const FIRST_VISIT_KEY = 'aqm-lab:first-visit'

export interface FirstVisitState {
  cardDismissed: boolean
  nudgeDismissed: boolean
}

export const FRESH: FirstVisitState = { cardDismissed: false, nudgeDismissed: false }

export interface FirstVisitStorage {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
}

export function parseFirstVisit(raw: string | null): FirstVisitState {
  if (raw === null) return FRESH
  try {
    const v: unknown = JSON.parse(raw)
    if (typeof v !== 'object' || v === null) return FRESH
    return {
      cardDismissed: 'cardDismissed' in v && v.cardDismissed === true,
      nudgeDismissed: 'nudgeDismissed' in v && v.nudgeDismissed === true,
    }
  } catch {
    return FRESH
  }
}

export function loadFirstVisit(storage: FirstVisitStorage | null): FirstVisitState {
  try {
    return parseFirstVisit(storage?.getItem(FIRST_VISIT_KEY) ?? null)
  } catch {
    return FRESH
  }
}

export function saveFirstVisit(storage: FirstVisitStorage | null, state: FirstVisitState): void {
  try {
    storage?.setItem(FIRST_VISIT_KEY, JSON.stringify(state))
  } catch {
    // Storage full or forbidden: the choice lasts this page view.
  }
}

/** Which teaching note the lab shows: the card until dismissed, then the nudge while drop-tail runs. */
export function shownNote(state: FirstVisitState, aqmKind: string | undefined): 'card' | 'nudge' | null {
  if (!state.cardDismissed) return 'card'
  if (!state.nudgeDismissed && aqmKind === 'droptail') return 'nudge'
  return null
}
