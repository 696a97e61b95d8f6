// How a page knows it was launched by an LMS: the package's launch page opens the lesson with `scorm=1.2` or
// `scorm=2004` (the version its manifest declares) and, when the teacher set one, `pass=<0–100>`. Only then does
// the lesson look for the LMS's API (discover.ts); any other address runs the lab exactly as before.
import { findApi, type ScormVersion, type WindowLike } from './discover'
import { LmsSession } from './session'
import { lessonTracker, type LessonProgress, type LessonShape } from './progress'
import type { Tracker } from './session'

export const SCORM_KEY = 'scorm'
export const PASS_KEY = 'pass'

export interface LaunchOptions {
  version: ScormVersion
  passMark: number | null
}

/** The launch options of an address's query; null when it was not launched as a SCORM package. */
export function readLaunch(search: string): LaunchOptions | null {
  const q = new URLSearchParams(search)
  const v = q.get(SCORM_KEY)
  if (v !== '1.2' && v !== '2004') return null
  const raw = q.get(PASS_KEY)
  const pass = raw === null || raw.trim() === '' ? NaN : Number(raw)
  return { version: v, passMark: Number.isFinite(pass) && pass >= 0 && pass <= 100 ? pass : null }
}

const sessions = new Map<string, LmsSession<unknown> | null>()

/**
 * The LMS session of activity `key` for this page, started on first use (StrictMode renders twice: one session);
 * null without an LMS. The page's `pagehide` finishes it.
 */
export function activitySession<P>(key: string, tracker: Tracker<P>): LmsSession<P> | null {
  if (typeof window === 'undefined') return null
  if (sessions.has(key)) return (sessions.get(key) ?? null) as LmsSession<P> | null
  const launch = readLaunch(window.location.search)
  const found = launch === null ? null : findApi(window as unknown as WindowLike, [launch.version])
  const session = found === null ? null : LmsSession.start(found, tracker, { passMark: launch?.passMark ?? null })
  sessions.set(key, session as LmsSession<unknown> | null)
  if (session !== null) window.addEventListener('pagehide', () => session.finish(), { once: true })
  return session
}

export function lessonSession(lesson: LessonShape): LmsSession<LessonProgress> | null {
  return activitySession(`lesson:${lesson.id}`, lessonTracker(lesson))
}
