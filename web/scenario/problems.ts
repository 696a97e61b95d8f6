// What can be wrong with a link, a file or a host message, as data: a code and its parameters. The
// English text comes from the same catalogue the page shows (web/i18n/locales/en/share.json, key
// `problems.<code>`), so a test, a console and a person read the same words; the page translates by code.
import en from '../i18n/locales/en/share.json'
import type { EngineProblem } from './engineProblem'

export type ProblemCode =
  | 'too-long'
  | 'too-many-params'
  | 'version-format'
  | 'version-future'
  | 'z-damaged'
  | 'z-too-large'
  | 'z-not-object'
  | 'duplicate-key'
  | 'not-a-number'
  | 'not-a-switch'
  | 'bad-range'
  | 'bad-list-length'
  | 'unknown-key'
  | 'not-a-param'
  | 'unknown-kind'
  | 'unknown-field'
  | 'wrong-type'
  | 'not-integer'
  | 'out-of-range'
  | 'bad-choice'
  | 'required'
  | 'bad-length'
  | 'total-flows'
  | 'tab-flows'
  | 'invalid'
  | 'bad-token'
  | 'bad-speed'
  | 'engine'
  | 'not-json'
  | 'file-too-large'
  | 'not-scenario'
  | 'unrepairable'

export type ProblemParams = Record<string, string | number>

export interface Problem {
  code: ProblemCode
  params: ProblemParams
  /** English, from the catalogue. */
  message: string
  /** For code 'engine': the engine's typed refusal, which the page words in the reader's language. */
  engine?: EngineProblem
}

const templates: Record<ProblemCode, string> = en.problems

/** Replaces control characters (C0, DEL, C1, line and paragraph separators). */
export function replaceControls(text: string, by: string): string {
  let out = ''
  for (const c of text) {
    const code = c.charCodeAt(0)
    out += code < 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029 ? by : c
  }
  return out
}

/** Text from the input (a key, a value) is shortened so a hostile link cannot flood the message. */
export function excerpt(text: string, max = 40): string {
  const clean = replaceControls(text.length > 4 * max ? text.slice(0, 4 * max) : text, '�')
  return clean.length <= max ? clean : `${clean.slice(0, max)}…`
}

export function fill(template: string, params: ProblemParams): string {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => {
    const v = params[name]
    return v === undefined ? whole : String(v)
  })
}

export function problem(code: ProblemCode, params: ProblemParams = {}): Problem {
  return { code, params, message: fill(templates[code], params) }
}

/** Keeps the first of each distinct message, at most `max` of them. */
export function dedupe(problems: readonly Problem[], max = 50): Problem[] {
  const seen = new Set<string>()
  const out: Problem[] = []
  for (const p of problems) {
    if (seen.has(p.message)) continue
    seen.add(p.message)
    out.push(p)
    if (out.length >= max) break
  }
  return out
}
