// A lesson's progress in its address, so a reload (or a link sent to the teacher) resumes where the student
// was: `step=<n>` (1-based) and `picked=<step id>:<choice id>,…`, the predictions made so far. Only steps and
// choices the lesson has are read back; anything else in those keys is ignored.
import type { Lesson } from './lessons'

export interface Progress {
  index: number
  choices: Record<string, string>
}

export function readProgress(lesson: Lesson, search: string): Progress {
  const p = new URLSearchParams(search)
  const n = Number(p.get('step'))
  const index = Number.isInteger(n) && n >= 1 && n <= lesson.steps.length ? n - 1 : 0
  const choices: Record<string, string> = {}
  for (const pair of (p.get('picked') ?? '').split(',')) {
    const [step, choice] = pair.split(':')
    const s = lesson.steps.find((x) => x.id === step)
    if (s?.predict?.choices.some((c) => c.id === choice) === true) choices[step] = choice
  }
  return { index, choices }
}

/** `href` with the progress written in (step 1 with nothing picked writes nothing). */
export function withProgress(href: string, lesson: Lesson, progress: Progress): string {
  const url = new URL(href)
  const picked = lesson.steps
    .filter((s) => progress.choices[s.id] !== undefined)
    .map((s) => `${s.id}:${progress.choices[s.id]}`)
  if (progress.index > 0) url.searchParams.set('step', String(progress.index + 1))
  else url.searchParams.delete('step')
  if (picked.length > 0) url.searchParams.set('picked', picked.join(','))
  else url.searchParams.delete('picked')
  return url.href
}
