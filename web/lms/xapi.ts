// The learning-event stream: what a student does, as xAPI statements (xAPI 1.0.3, "Experience API", ADL 2013–2016)
// without an actor, posted to the page that frames the lab as { type: 'aqm:event', api, statement } so that the
// host, which knows who its user is, can add the actor and forward them to its learning record store. The lab
// adds nothing about the person: no actor, account, name, address or language; only what was done, to which
// lesson or preset, with what result, and the scenario's link. `events=0` in the address turns the stream off.

export const EVENTS_KEY = 'events'
export const EVENT_API = 1

export type Verb = 'predicted' | 'ran' | 'changed-parameter' | 'switched-algorithm' | 'answered' | 'completed'

/** The lab's own identifiers are tag: IRIs (RFC 4151), which need no domain; ADL's verbs where one fits exactly. */
const TAG = 'tag:aqm-lab,2026:'
export const VERB_IDS: Record<Verb, string> = {
  predicted: `${TAG}verb/predicted`,
  ran: `${TAG}verb/ran`,
  'changed-parameter': `${TAG}verb/changed-parameter`,
  'switched-algorithm': `${TAG}verb/switched-algorithm`,
  answered: 'http://adlnet.gov/expapi/verbs/answered',
  completed: 'http://adlnet.gov/expapi/verbs/completed',
}

/** Extension keys (xAPI extensions are keyed by IRI). */
export const EXT = {
  link: `${TAG}ext/scenario-link`,
  step: `${TAG}ext/step`,
  simTime: `${TAG}ext/sim-time`,
  seconds: `${TAG}ext/sim-seconds`,
  parameter: `${TAG}ext/parameter`,
  value: `${TAG}ext/value`,
  from: `${TAG}ext/from`,
  measured: `${TAG}ext/measured`,
  kind: `${TAG}ext/prediction-kind`,
} as const

/** What the student acted on: a guided lesson, a preset, or the lab with a scenario of its own. */
export type Subject = { lesson: string } | { preset: string } | { lab: true }

export interface Statement {
  verb: { id: string; display: { 'en-US': string } }
  object: {
    objectType: 'Activity'
    id: string
    definition: { type: string; name: { 'en-US': string } }
  }
  result?: {
    response?: string
    success?: boolean
    completion?: boolean
    score?: { raw: number; min: number; max: number; scaled: number }
    extensions?: Record<string, string | number | boolean>
  }
  context: { extensions: Record<string, string | number> }
  timestamp: string
}

function activity(s: Subject): Statement['object'] {
  const [kind, id] = 'lesson' in s ? ['lesson', s.lesson] : 'preset' in s ? ['preset', s.preset] : ['lab', '']
  return {
    objectType: 'Activity',
    id: id === '' ? `${TAG}lab` : `${TAG}${kind}/${encodeURIComponent(id)}`,
    definition: {
      type: 'http://adlnet.gov/expapi/activities/simulation',
      name: { 'en-US': id === '' ? 'AQM Lab' : `AQM Lab ${kind} ${id}` },
    },
  }
}

/** A statement of `verb` on `subject`; `link` is the scenario's link query, `extra` more context extensions. */
export function statement(
  verb: Verb,
  subject: Subject,
  link: string,
  result?: Statement['result'],
  extra: Record<string, string | number> = {},
  now: Date = new Date(),
): Statement {
  return {
    verb: { id: VERB_IDS[verb], display: { 'en-US': verb.replace('-', ' ') } },
    object: activity(subject),
    ...(result === undefined ? {} : { result }),
    context: { extensions: { [EXT.link]: link, ...extra } },
    timestamp: now.toISOString(),
  }
}

/** Whether an address lets the stream run (it does unless `events=0|false|off|no`). */
export function eventsEnabled(search: string): boolean {
  const v = new URLSearchParams(search).get(EVENTS_KEY)
  return v === null || !/^(0|false|off|no)$/i.test(v)
}

let enabled: boolean | null = null

/** Posts a statement to the framing page, if there is one and the address the page opened with allows it. */
export function emit(s: Statement): void {
  if (typeof window === 'undefined' || window.parent === window) return
  if (enabled === null) enabled = eventsEnabled(window.location.search)
  if (!enabled) return
  try {
    window.parent.postMessage({ type: 'aqm:event', api: EVENT_API, statement: s }, '*')
  } catch {
    // The host went away: nobody to tell.
  }
}
