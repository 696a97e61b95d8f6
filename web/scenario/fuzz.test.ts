// Fuzzing the link decoder with random, mutated and hostile input: it never throws, gives every rejection a
// message, and whatever it hands back is a scenario within the schema and the limits (so the engine is never
// asked for a million flows). How fast it decodes the worst links is a benchmark (urlCodec.bench.ts).
import { readFileSync, readdirSync } from 'node:fs'
import fc from 'fast-check'
import { compressToEncodedURIComponent } from 'lz-string'
import { describe, expect, it } from 'vitest'
import { fullScenario } from './arbitraries'
import { HOSTILE, worstCaseLinks } from './hostileLinks'
import { isObject, type JsonObject } from './model'
import { decodeLink, encodeLink } from './urlCodec'
import { totalFlows } from './limits'
import { MAX_TOTAL_FLOWS, checkScenario } from './validate'

const stats = { inputs: 0, rejected: 0 }

function check(search: string): void {
  const d = decodeLink(search)
  stats.inputs++
  if (d.problems.length > 0) stats.rejected++
  for (const p of d.problems) expect(p.message.trim(), p.code).not.toBe('')
  expect(checkScenario(d.scenario).problems).toEqual([])
  expect(totalFlows(d.scenario)).toBeLessThanOrEqual(MAX_TOTAL_FLOWS)
  // Captions stay text (React escapes them): no control characters and at most MAX_CAPTION long.
  expect(d.view.caption).not.toMatch(/\p{Cc}/u)
  expect(d.view.caption.length).toBeLessThanOrEqual(200)
}

const presetLinks = readdirSync(new URL('../../public/presets/', import.meta.url))
  .filter((f) => f.endsWith('.json'))
  .map((f) => JSON.parse(readFileSync(new URL(`../../public/presets/${f}`, import.meta.url), 'utf8')) as unknown)
  .filter((p): p is { scenario: JsonObject } => isObject(p) && isObject(p.scenario))
  .map((p) => encodeLink(p.scenario))

const hostilePart = fc.constantFrom(...HOSTILE)
const keyPart = fc.oneof(
  fc.constantFrom(
    'v',
    'z',
    'seed',
    'flows',
    'tcp',
    'rtt',
    'aqm',
    'max_th',
    'min_th',
    'gentle',
    'rate',
    'buffer',
    'caption',
    'embed',
    'views',
    'speed',
  ),
  fc.string({ maxLength: 12 }),
)
const queryLike = fc
  .array(
    fc.oneof(
      hostilePart,
      fc
        .tuple(keyPart, fc.string({ maxLength: 30 }))
        .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`),
    ),
    {
      maxLength: 12,
    },
  )
  .map((parts) => `?${parts.join('&')}`)

function mutate(link: string, edits: Array<[number, number, string]>): string {
  let s = link
  for (const [kind, at, text] of edits) {
    const i = s.length === 0 ? 0 : at % s.length
    if (kind % 4 === 0)
      s = s.slice(0, i) // truncate
    else if (kind % 4 === 1)
      s = s.slice(0, i) + text + s.slice(i + 1) // replace
    else if (kind % 4 === 2)
      s = s.slice(0, i) + text + s.slice(i) // insert
    else s = s.slice(0, i) + s.slice(i + 1 + (at % 7)) // delete
  }
  return s
}
const edits = fc.array(
  fc.tuple(
    fc.nat(),
    fc.nat(),
    fc.oneof(fc.string({ maxLength: 3 }), fc.constantFrom('&', '=', ',', '-', '%', '+', '$', 'e9')),
  ),
  {
    minLength: 1,
    maxLength: 5,
  },
)

describe('fuzzing decodeLink', () => {
  it('survives random strings', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 200 }), fc.string({ unit: 'binary', maxLength: 300 })), (s) =>
        check(`?${s}`),
      ),
      {
        numRuns: 2500,
        seed: 1,
      },
    )
  })

  it('survives query-like input with hostile parts', () => {
    fc.assert(
      fc.property(queryLike, (q) => check(q)),
      { numRuns: 2500, seed: 2 },
    )
  })

  it('survives mutations of valid links (random scenarios and every preset)', () => {
    const valid = fc.oneof(
      fullScenario.map((s) => encodeLink(s)),
      fc.constantFrom(...(presetLinks.length > 0 ? presetLinks : ['v=1'])),
    )
    fc.assert(
      fc.property(valid, edits, (link, e) => check(`?${mutate(link, e)}`)),
      { numRuns: 3000, seed: 3 },
    )
  })

  it('survives compressed payloads that are not scenarios, and random compressed-looking data', () => {
    const payload = fc.oneof(
      fc.json().map((j) => compressToEncodedURIComponent(j)),
      fc.jsonValue().map((j) => compressToEncodedURIComponent(JSON.stringify({ flows: j, aqm: j, link: { atm: j } }))),
      fc.string({
        unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+-$'),
        maxLength: 400,
      }),
    )
    fc.assert(
      fc.property(payload, (z) => check(`?v=1&z=${z}`)),
      { numRuns: 2000, seed: 4 },
    )
  })

  it('survives the worst cases: deep nesting, a decompression bomb, the longest link, many keys', () => {
    for (const w of worstCaseLinks()) check(w)
  })

  it('has decoded at least 10 000 inputs', () => {
    console.log(`fuzz: ${stats.inputs} inputs, ${stats.rejected} with problems`)
    expect(stats.inputs).toBeGreaterThanOrEqual(10_000)
  })
})
