// A lesson's link to the LMS (launch.ts) and to the framing page's event stream (lessonEvents.ts): what an earlier
// session left, and effects that report the progress on each change and tell the host when an answer is revealed,
// a sketch locked or the lesson completed. Without an LMS and outside a frame, none of it does anything.
import { useEffect, useRef, useState } from 'react'
import type { Sketches } from '../charts/sketch/sketch'
import { readLaunch, lessonSession } from './launch'
import { lessonEvents } from './lessonEvents'
import { isComplete, lessonScore, type LessonProgress, type LessonShape } from './progress'
import type { LmsSession } from './session'

export interface LessonLms {
  resumed: LessonProgress | null
  session: LmsSession<LessonProgress> | null
  events: ReturnType<typeof lessonEvents>
}

export function useLessonLms(lesson: LessonShape): LessonLms {
  const [lms] = useState(() => {
    const session = lessonSession(lesson)
    return { session, resumed: session?.resumed ?? null, events: lessonEvents(lesson.id) }
  })
  return lms
}

/** Reports `progress` to the LMS and tells the host of revealed answers, locked sketches and completion. */
export function useLessonReport(
  lesson: LessonShape,
  lms: LessonLms,
  progress: LessonProgress,
  allSketches: Sketches,
  editing: string | null,
): void {
  const { session, events, resumed } = lms
  useEffect(() => session?.report(progress), [session, progress])

  // Answers already told: those of an earlier session are not told again.
  const told = useRef<Record<string, boolean>>({ ...resumed?.right })
  useEffect(() => {
    for (const [id, ok] of Object.entries(progress.right)) {
      if (told.current[id] === ok) continue
      told.current[id] = ok
      events.answered(id, progress.choices[id] ?? '', ok)
    }
  }, [progress, events])

  const complete = isComplete(lesson, progress)
  const toldComplete = useRef(resumed !== null && isComplete(lesson, resumed))
  useEffect(() => {
    if (!complete || toldComplete.current) return
    toldComplete.current = true
    const pass = session?.passMark ?? readLaunch(window.location.search)?.passMark ?? null
    events.completed(lessonScore(lesson, progress), pass)
  }, [complete, lesson, progress, session, events])

  // A sketch is a prediction once it is locked (the drawing ends with points kept).
  const drawing = useRef<string | null>(editing)
  useEffect(() => {
    const was = drawing.current
    drawing.current = editing
    if (was !== null && was !== editing && (allSketches[was]?.length ?? 0) > 1) events.sketched(was, allSketches[was])
  }, [editing, allSketches, events])
}
