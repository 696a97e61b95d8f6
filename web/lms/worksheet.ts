// A worksheet (the lab opened by a teacher's link that locks or hides controls, docs/worksheets.md) as an LMS
// activity: complete once the student has run the scenario to its end; nothing to score (the LMS records
// completion); the suspend data keeps the scenario the student last ran, as its link, for the teacher to open.
import type { Tracker } from './session'

export interface WorksheetProgress {
  /** The run reached the scenario's end at least once. */
  ran: boolean
  /** The running scenario's link query (`v=…&aqm=…`), as the student left it. */
  link: string
}

interface Stored {
  v: 1
  w: 1
  e: 0 | 1
  q: string
}

export const worksheetTracker: Tracker<WorksheetProgress> = {
  decode(text) {
    try {
      const s = JSON.parse(text) as Partial<Stored>
      if (s.v !== 1 || s.w !== 1 || (s.e !== 0 && s.e !== 1) || typeof s.q !== 'string') return null
      return { ran: s.e === 1, link: s.q }
    } catch {
      return null
    }
  },
  encode(p, limit) {
    const full: Stored = { v: 1, w: 1, e: p.ran ? 1 : 0, q: p.link }
    const text = JSON.stringify(full)
    if (text.length <= limit) return text
    // A link too long for the limit is left out; whether the student ran it is kept.
    const bare = JSON.stringify({ ...full, q: '' })
    return bare.length <= limit ? bare : null
  },
  score: () => null,
  complete: (p) => p.ran,
}
