import { describe, expect, it } from 'vitest'
import { memoryStorage, refusingStorage } from '../chrome/storageFixtures'
import { FIRST_VISIT_KEY, FRESH, loadFirstVisit, parseFirstVisit, saveFirstVisit, shownNote } from './firstVisit'

describe('first visit', () => {
  it('shows the card first, then the nudge only while drop-tail runs, then nothing', () => {
    expect(shownNote(FRESH, 'droptail')).toBe('card')
    expect(shownNote(FRESH, 'red')).toBe('card')
    const dismissed = { cardDismissed: true, nudgeDismissed: false }
    expect(shownNote(dismissed, 'droptail')).toBe('nudge')
    expect(shownNote(dismissed, 'red')).toBeNull()
    expect(shownNote({ cardDismissed: true, nudgeDismissed: true }, 'droptail')).toBeNull()
  })

  it('remembers dismissals and survives broken or refusing storage', () => {
    const s = memoryStorage()
    expect(loadFirstVisit(s)).toEqual(FRESH)
    saveFirstVisit(s, { cardDismissed: true, nudgeDismissed: false })
    expect(loadFirstVisit(s)).toEqual({ cardDismissed: true, nudgeDismissed: false })
    s.setItem(FIRST_VISIT_KEY, '{not json')
    expect(loadFirstVisit(s)).toEqual(FRESH)
    expect(parseFirstVisit('{"cardDismissed":"yes"}')).toEqual(FRESH)
    expect(loadFirstVisit(refusingStorage)).toEqual(FRESH)
    expect(() => saveFirstVisit(refusingStorage, FRESH)).not.toThrow()
    expect(loadFirstVisit(null)).toEqual(FRESH)
  })
})
