// The view part of a link (how the page shows a scenario, not the experiment): speed, and for iframes
// embed=1, views, controls, autoplay, caption; and worksheet mode's lock and hide (web/teacher). Small and free of the schema validator, so the page can
// choose its layout at once; urlCodec.ts (loaded on demand) reads and writes the scenario part.
import { excerpt, problem, replaceControls, type Problem } from './problems'

export const MAX_LINK_CHARS = 8192
export const MAX_CAPTION = 200
export const MAX_LIST = 24
export const MAX_SPEED = 10_000

/** How the page shows the scenario: not part of the experiment. */
export interface LinkView {
  embed: boolean
  /** Charts an embed shows, in order; null: its default set. */
  views: string[] | null
  /** Controls an embed exposes; null: its default set. */
  controls: string[] | null
  autoplay: boolean
  caption: string
  /** Simulated seconds per wall second (Infinity: as fast as possible); null: the page's default. */
  speed: number | null
  /** Worksheet mode (web/teacher): parameters and controls students see but cannot change; null: none. */
  lock?: string[] | null
  /** Worksheet mode: parameters and controls not shown at all; null: none. */
  hide?: string[] | null
}

export const DEFAULT_VIEW: LinkView = {
  embed: false,
  views: null,
  controls: null,
  autoplay: false,
  caption: '',
  speed: null,
}

export const VIEW_KEYS = ['speed', 'embed', 'views', 'controls', 'autoplay', 'caption', 'lock', 'hide'] as const
/** Read by other parts of the page (the language picker, the teaching views); never a scenario's. */
export const PASSTHROUGH_KEYS = [
  'lang',
  'view',
  'preset',
  'lesson',
  'sides',
  'alt',
  'sketch',
  'step',
  'picked',
  'events',
  'scorm',
  'pass',
] as const
/** Keys by which another view owns the page's address (App.tsx): the lab then leaves the address alone. */
export const OTHER_VIEW_KEYS = ['view', 'preset', 'lesson'] as const
/** Added by mail and social sites; never a scenario's business. */
export const IGNORED_KEY = /^(utm_[a-z_]{1,20}|fbclid|gclid|msclkid|mc_eid|mc_cid)$/

export const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/
export const SWITCH_ON = /^(1|true|on|yes)$/i
const SWITCH_OFF = /^(0|false|off|no)$/i
const TOKEN = /^[a-z0-9_.]{1,40}$/

export type ParsedSwitch = { ok: true; value: boolean } | { ok: false; problem: Problem }

export function parseSwitch(key: string, text: string): ParsedSwitch {
  if (SWITCH_ON.test(text)) return { ok: true, value: true }
  if (SWITCH_OFF.test(text)) return { ok: true, value: false }
  return { ok: false, problem: problem('not-a-switch', { key: excerpt(key), value: excerpt(text) }) }
}

function params(search: string): URLSearchParams {
  const q = search.startsWith('?') ? search.slice(1) : search
  return new URLSearchParams(q.slice(0, MAX_LINK_CHARS + 1))
}

/** True when the query asks for the embed view (cheap, for choosing the page before decoding). */
export function isEmbedQuery(search: string): boolean {
  const v = params(search).get('embed')
  return v !== null && SWITCH_ON.test(v)
}

export function isViewKey(key: string): boolean {
  return (
    (VIEW_KEYS as readonly string[]).includes(key) ||
    (PASSTHROUGH_KEYS as readonly string[]).includes(key) ||
    IGNORED_KEY.test(key)
  )
}

export function ownedByOtherView(search: string): boolean {
  const p = params(search)
  return OTHER_VIEW_KEYS.some((k) => p.has(k))
}

/** True for a preset's lab (`?preset=<id>` without another view): the lab writes its address, keeping the
 * preset's id as context for the lesson panel. */
export function isPresetLab(search: string): boolean {
  const p = params(search)
  return p.has('preset') && !p.has('view') && !p.has('lesson')
}

/** True when the query holds anything besides view keys: a scenario to open (or a mistake to report). */
export function hasScenarioKeys(search: string): boolean {
  const q = search.startsWith('?') ? search.slice(1) : search
  if (q.length > MAX_LINK_CHARS) return true
  return [...new URLSearchParams(q).keys()].some((k) => !isViewKey(k))
}

function readList(key: string, text: string | null, problems: Problem[]): string[] | null {
  if (text === null) return null
  const out: string[] = []
  for (const item of text.split(',').slice(0, MAX_LIST)) {
    const t = item.trim()
    if (t === '') continue
    if (TOKEN.test(t)) out.push(t)
    else problems.push(problem('bad-token', { key, value: excerpt(t) }))
  }
  return out
}

/**
 * Captions are plain text, shown as text (never parsed as markup, so `<` and `>` are harmless and kept):
 * control characters become spaces and a caption longer than MAX_CAPTION is cut with an ellipsis. Neither
 * is a problem worth a dialog inside someone's course page, so nothing goes to `problems`.
 */
function readCaption(text: string): string {
  const c = replaceControls(text, ' ').trim()
  return c.length > MAX_CAPTION ? `${c.slice(0, MAX_CAPTION - 1).trimEnd()}…` : c
}

/** The view keys of a query; what is wrong with them goes to `problems`. */
export function readView(search: string | URLSearchParams, problems: Problem[] = []): LinkView {
  const p = typeof search === 'string' ? params(search) : search
  const view: LinkView = { ...DEFAULT_VIEW }
  const sw = (key: string): boolean => {
    const text = p.get(key)
    if (text === null) return false
    const r = parseSwitch(key, text)
    if (r.ok) return r.value
    problems.push(r.problem)
    return false
  }
  view.embed = sw('embed')
  view.autoplay = sw('autoplay')
  view.views = readList('views', p.get('views'), problems)
  view.controls = readList('controls', p.get('controls'), problems)
  if (p.has('lock')) view.lock = readList('lock', p.get('lock'), problems)
  if (p.has('hide')) view.hide = readList('hide', p.get('hide'), problems)
  const speed = p.get('speed')
  if (speed !== null) {
    const n = speed === 'max' ? Infinity : NUMBER.test(speed) && speed.length <= 40 ? Number(speed) : NaN
    if (n === Infinity || (n > 0 && n <= MAX_SPEED)) view.speed = n
    else problems.push(problem('bad-speed', { value: excerpt(speed), max: MAX_SPEED }))
  }
  const caption = p.get('caption')
  if (caption !== null) view.caption = readCaption(caption)
  return view
}

export function encodeView(view: Partial<LinkView>): Array<[string, string]> {
  const out: Array<[string, string]> = []
  if (view.speed != null && view.speed !== 1) out.push(['speed', view.speed === Infinity ? 'max' : String(view.speed)])
  if (view.embed) out.push(['embed', '1'])
  if (view.views) out.push(['views', view.views.join(',')])
  if (view.controls) out.push(['controls', view.controls.join(',')])
  if (view.autoplay) out.push(['autoplay', '1'])
  if (view.caption) out.push(['caption', view.caption])
  if (view.lock && view.lock.length > 0) out.push(['lock', view.lock.join(',')])
  if (view.hide && view.hide.length > 0) out.push(['hide', view.hide.join(',')])
  return out
}

/** Percent-encodes a value but keeps it legible: commas, colons and spaces (as '+') stay readable. */
export function encodeValue(text: string): string {
  return encodeURIComponent(text).replace(/%2C/gi, ',').replace(/%3A/gi, ':').replace(/%20/g, '+')
}

export function joinQuery(pairs: ReadonlyArray<readonly [string, string]>): string {
  return pairs.map(([k, v]) => `${k}=${k === 'z' ? v : encodeValue(v)}`).join('&')
}
