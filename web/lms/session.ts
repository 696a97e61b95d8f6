// One SCORM session of a lesson: initialise, read what an earlier session left (suspend data, the LMS's pass
// mark), report progress (status, raw score, session time, suspend data) with a commit after each change, and
// finish when the page goes away. Every call is guarded: an LMS that refuses a value (or throws) never stops the
// lesson, which runs exactly as without an LMS.
import { ELEMENTS, SUSPEND_LIMIT, exitValue, passMarkOf, sessionTime, statusValues, type Outcome } from './cmi'
import type { FoundApi, ScormVersion } from './discover'

/** What a session needs to know of the activity it reports: a lesson (progress.ts) or a worksheet (worksheet.ts). */
export interface Tracker<P> {
  /** The progress in suspend data this activity wrote; null for empty, foreign or malformed data. */
  decode(text: string): P | null
  /** Suspend data of at most `limit` characters; null when nothing fits. */
  encode(p: P, limit: number): string | null
  /** Raw score 0–100; null when the activity has nothing to score. */
  score(p: P): number | null
  complete(p: P): boolean
}

const TRUE = 'true'

export class LmsSession<P> {
  readonly version: ScormVersion
  /** The pass mark in force (0–100): the LMS's own, else the package's; null when neither sets one. */
  readonly passMark: number | null
  /** What an earlier session of this lesson left, if anything. */
  readonly resumed: P | null
  private readonly found: FoundApi
  private readonly tracker: Tracker<P>
  private readonly started: number
  private readonly now: () => number
  private last: P | null = null
  private open = true

  private constructor(found: FoundApi, tracker: Tracker<P>, packagePass: number | null, now: () => number) {
    this.found = found
    this.version = found.version
    this.tracker = tracker
    this.now = now
    this.started = now()
    const lmsPass = passMarkOf(this.version, this.get(ELEMENTS[this.version].passMark))
    this.passMark = lmsPass ?? packagePass
    this.resumed = tracker.decode(this.get(ELEMENTS[this.version].suspend))
  }

  /** Initialises the LMS session; null if the LMS refuses. `now` is in milliseconds (performance.now). */
  static start<P>(
    found: FoundApi,
    tracker: Tracker<P>,
    options: { passMark?: number | null; now?: () => number } = {},
  ): LmsSession<P> | null {
    let ok: string
    try {
      ok = found.version === '1.2' ? found.api.LMSInitialize('') : found.api.Initialize('')
    } catch {
      return null
    }
    if (String(ok) !== TRUE) return null
    const session = new LmsSession(found, tracker, options.passMark ?? null, options.now ?? (() => performance.now()))
    // A first launch is "incomplete" from the start (1.2: "not attempted" until the SCO says otherwise).
    const status = session.get(ELEMENTS[session.version].status)
    if (session.resumed === null && status !== 'completed' && status !== 'passed' && status !== 'failed') {
      session.setAll(statusValues(session.version, 'incomplete', null))
      session.commit()
    }
    return session
  }

  private get(element: string): string {
    try {
      const f = this.found
      const v = f.version === '1.2' ? f.api.LMSGetValue(element) : f.api.GetValue(element)
      return typeof v === 'string' ? v : String(v ?? '')
    } catch {
      return ''
    }
  }

  private set(element: string, value: string): boolean {
    try {
      const f = this.found
      return String(f.version === '1.2' ? f.api.LMSSetValue(element, value) : f.api.SetValue(element, value)) === TRUE
    } catch {
      return false
    }
  }

  private setAll(values: ReadonlyArray<readonly [string, string]>): void {
    for (const [k, v] of values) this.set(k, v)
  }

  private commit(): void {
    try {
      if (this.found.version === '1.2') this.found.api.LMSCommit('')
      else this.found.api.Commit('')
    } catch {
      // The LMS keeps what it has; the next commit sends it again.
    }
  }

  /** Seconds since this session started. */
  elapsed(): number {
    return Math.max(0, (this.now() - this.started) / 1000)
  }

  /** incomplete, then completed (no pass mark or nothing to score), passed or failed against the pass mark. */
  outcome(p: P): Outcome {
    if (!this.tracker.complete(p)) return 'incomplete'
    const score = this.tracker.score(p)
    if (this.passMark === null || score === null) return 'completed'
    return score >= this.passMark ? 'passed' : 'failed'
  }

  /** Reports `p` (status, score, suspend data, session time so far) and commits. */
  report(p: P): void {
    if (!this.open) return
    this.last = p
    const el = ELEMENTS[this.version]
    this.setAll(statusValues(this.version, this.outcome(p), this.tracker.score(p)))
    const suspend = this.tracker.encode(p, SUSPEND_LIMIT[this.version])
    if (suspend !== null) this.set(el.suspend, suspend)
    this.set(el.exit, exitValue(this.version, this.tracker.complete(p)))
    this.set(el.session, sessionTime(this.version, this.elapsed()))
    this.commit()
  }

  /** Ends the session (LMSFinish / Terminate) after a last report; later calls do nothing. */
  finish(): void {
    if (!this.open) return
    const el = ELEMENTS[this.version]
    this.set(el.session, sessionTime(this.version, this.elapsed()))
    if (this.last !== null) this.set(el.exit, exitValue(this.version, this.tracker.complete(this.last)))
    this.commit()
    this.open = false
    try {
      if (this.found.version === '1.2') this.found.api.LMSFinish('')
      else this.found.api.Terminate('')
    } catch {
      // Nothing more to tell the LMS.
    }
  }
}
