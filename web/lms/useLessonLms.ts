// A lesson's link to the LMS (launch.ts): what an earlier session left, and a report function that sends the
// progress on each change. Without an LMS, resumed is null and report does nothing.
import { useCallback, useState } from 'react'
import { lessonSession } from './launch'
import type { LessonProgress, LessonShape } from './progress'

export function useLessonLms(lesson: LessonShape): {
  resumed: LessonProgress | null
  report(p: LessonProgress): void
} {
  const [session] = useState(() => lessonSession(lesson))
  const report = useCallback((p: LessonProgress) => session?.report(p), [session])
  return { resumed: session?.resumed ?? null, report }
}
