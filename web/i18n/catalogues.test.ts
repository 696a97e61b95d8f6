// The catalogues are the one home of every user-visible string. English and Korean ship complete:
// the same keys, nothing empty, the same placeholders; and every algorithm and parameter the engine
// has is named in both.
import { readdirSync, readFileSync } from 'node:fs'
import { beforeAll, describe, expect, it } from 'vitest'
import { algorithms, initSync } from '../engine/pkg/aqm_engine.js'
import { parseAlgorithms } from '../engine/decode'
import type { AlgorithmInfo } from '../engine/protocol'
import { LANGUAGES } from './index'

const dir = (lng: string) => new URL(`./locales/${lng}/`, import.meta.url)
const read = (lng: string, ns: string): unknown => JSON.parse(readFileSync(new URL(`${ns}.json`, dir(lng)), 'utf8'))
const namespacesOf = (lng: string) =>
  readdirSync(dir(lng))
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.slice(0, -'.json'.length))
    .sort()

type Leaf = [key: string, value: unknown]

function leaves(tree: unknown, prefix = ''): Leaf[] {
  if (typeof tree !== 'object' || tree === null || Array.isArray(tree)) return [[prefix, tree]]
  const entries = Object.entries(tree)
  // An empty object (an algorithm without parameters) is a leaf of its own, so both sides must have it.
  if (entries.length === 0) return [[prefix, '{}']]
  return entries.flatMap(([k, v]) => leaves(v, prefix === '' ? k : `${prefix}.${k}`))
}

/** {{placeholders}} and <tags> a translation must keep. */
function markers(value: unknown): string[] {
  return typeof value === 'string'
    ? [...value.matchAll(/\{\{\s*\w+\s*\}\}|<\/?\w+>/g)].map((m) => m[0].replace(/\s/g, '')).sort()
    : []
}

const namespaces = namespacesOf('en')

it('every language ships the same namespaces, and English and Korean are offered', () => {
  expect(LANGUAGES.map((l) => l.code)).toEqual(['en', 'ko'])
  expect(namespaces).toEqual(expect.arrayContaining(['app', 'charts']))
  for (const { code } of LANGUAGES) expect(namespacesOf(code), code).toEqual(namespaces)
})

describe.each(namespaces)('the %s catalogues', (ns) => {
  const en = read('en', ns)
  const ko = read('ko', ns)

  it('have exactly the same keys in English and Korean', () => {
    expect(
      leaves(ko)
        .map(([k]) => k)
        .sort(),
    ).toEqual(
      leaves(en)
        .map(([k]) => k)
        .sort(),
    )
  })

  it('hold only non-empty strings', () => {
    for (const [lng, tree] of [
      ['en', en],
      ['ko', ko],
    ] as const) {
      for (const [key, value] of leaves(tree)) {
        expect(typeof value, `${lng}: ${key}`).toBe('string')
        expect(String(value).trim(), `${lng}: ${key}`).not.toBe('')
      }
    }
  })

  it('keep every placeholder and tag in the translation', () => {
    const koValues = new Map(leaves(ko))
    for (const [key, value] of leaves(en)) expect(markers(koValues.get(key)), key).toEqual(markers(value))
  })
})

describe('algorithm names', () => {
  let engine: AlgorithmInfo[]
  beforeAll(() => {
    initSync({ module: readFileSync(new URL('../engine/pkg/aqm_engine_bg.wasm', import.meta.url)) })
    engine = parseAlgorithms(algorithms())
  })

  it('cover every algorithm and parameter the engine has, in both languages', () => {
    const catalogue = (tree: unknown) => new Map(leaves(tree))
    for (const [lng, tree] of [
      ['en', catalogue(read('en', 'app'))],
      ['ko', catalogue(read('ko', 'app'))],
    ] as const) {
      for (const a of engine) {
        expect(tree.get(`algorithms.${a.kind}.name`), `${lng}: ${a.kind}`).toBeTypeOf('string')
        for (const p of a.params)
          expect(tree.get(`algorithms.${a.kind}.params.${p.name}`), `${lng}: ${a.kind}.${p.name}`).toBeTypeOf('string')
      }
    }
  })

  it('in English are the engine’s own labels (update locales/en/app.json when the engine renames one)', () => {
    const en = new Map(leaves(read('en', 'app')))
    for (const a of engine) {
      expect(en.get(`algorithms.${a.kind}.name`)).toBe(a.label)
      for (const p of a.params) expect(en.get(`algorithms.${a.kind}.params.${p.name}`)).toBe(p.label)
    }
  })
})
