// The system view's "drops in the last second" counts per SIMULATED second: each frame's events happened
// over the simulated span since the previous frame, and the part of that span inside the last second
// counts in proportion (evenly spread: the frame does not say when within it). A wall-clock window would
// count ten simulated seconds' drops at 10× speed.

/** A frame's drops and marks and the simulated span [from, to] (s) they happened in. */
export interface SimSpan {
  from: number
  to: number
  drops: number
  marks: number
}

/** Drops and marks within the simulated second (now − 1, now], rounded to whole events. */
export function lastSimSecond(spans: readonly SimSpan[], now: number): { drops: number; marks: number } {
  let drops = 0
  let marks = 0
  for (const s of spans) {
    const lo = Math.max(s.from, now - 1)
    const hi = Math.min(s.to, now)
    if (hi < lo || (hi === lo && s.to > s.from)) continue
    const share = s.to > s.from ? (hi - lo) / (s.to - s.from) : 1
    drops += s.drops * share
    marks += s.marks * share
  }
  return { drops: Math.round(drops), marks: Math.round(marks) }
}
