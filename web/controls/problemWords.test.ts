// The engine's typed refusals worded in each language from the catalogues, the field named as the form
// labels it: no sentence of the engine is read, only its kind, path, bounds, unit and value.
import { readFileSync } from 'node:fs'
import i18next from 'i18next'
import { beforeAll, describe, expect, it } from 'vitest'
import { initSync, validate_scenario } from '../engine/pkg/aqm_engine.js'
import { parseValidation, PROBLEM_KINDS, type EngineProblem } from '../scenario/engineProblem'
import { wordProblem } from './problemWords'

const load = (lng: string, ns: string): Record<string, unknown> =>
  JSON.parse(readFileSync(new URL(`../i18n/locales/${lng}/${ns}.json`, import.meta.url), 'utf8'))
const i18n = i18next.createInstance()

beforeAll(async () => {
  initSync({ module: readFileSync(new URL('../engine/pkg/aqm_engine_bg.wasm', import.meta.url)) })
  const resources = Object.fromEntries(
    ['en', 'ko'].map((lng) => [lng, { app: load(lng, 'app'), problems: load(lng, 'problems') }]),
  )
  await i18n.init({
    resources,
    lng: 'en',
    fallbackLng: 'en',
    ns: ['app', 'problems'],
    defaultNS: 'problems',
    interpolation: { escapeValue: false },
  })
})

function refusal(scenario: unknown): EngineProblem {
  const p = parseValidation(validate_scenario(JSON.stringify(scenario)))
  if (p === null) throw new Error('the engine accepted it')
  return p
}

const word = (lng: string, p: EngineProblem, kind?: string) => wordProblem(i18n.getFixedT(lng), p, lng, kind)

describe('engine problems in the reader’s language', () => {
  it('words an out-of-range link rate in Korean with the form’s label and unit', () => {
    const p = refusal({ link: { rate_mbps: 0 } })
    expect(word('ko', p)).toEqual({ text: '링크 속도 값은 0.01~100,000 Mbit/s 범위여야 합니다(입력값: 0).' })
    expect(word('en', p)).toEqual({ text: 'Link rate must be from 0.01 to 100,000 Mbit/s (got 0).' })
  })

  it('names a flow group’s field with its group and the field a bound comes from', () => {
    const p = refusal({ link: { delay_ms: 30 }, flows: [{ rtt_ms: [20, 100] }] })
    const en = word('en', p).text
    expect(en).toContain('(flow group 1)')
    expect(en).toContain('at least twice')
    expect(word('ko', p).text).toContain('흐름 그룹 1')
  })

  it('names an AQM parameter as the parameter panel does', () => {
    const p = refusal({ aqm: { kind: 'red', min_th: 20, max_th: 15 } })
    expect(word('en', p, 'red').text).toBe('min threshold (20) must be below max threshold (15).')
    const buffer = refusal({ aqm: { kind: 'red', max_th: 101 } })
    const ko = word('ko', buffer, 'red').text
    expect(ko).toContain('(101)')
    expect(ko).toContain('버퍼 크기(100 패킷)')
  })

  it('words every rule of a discipline as a plain sentence naming the field, its path kept only as the detail', () => {
    const path = /\b(aqm|link|flows)[.[]|\.\.=|`/
    const refusals: Array<[unknown, string | undefined]> = [
      [{ aqm: { kind: 'gfr' } }, 'gfr'],
      [{ link: { atm: {} }, flows: [{ count: 3 }], aqm: { kind: 'gfr', mcr_mbps: [1, 2] } }, 'gfr'],
      [{ aqm: { kind: 'red', gentle: true, gentle_to_buffer: true, max_th: 100 } }, 'red'],
      [{ aqm: { kind: 'pi', k_pi: 1, z: 1000 } }, 'pi'],
      [{ flows: [{ tcp: 'dctcp', cc_params: { g: 'x' } }] }, undefined],
    ]
    for (const [scenario, kind] of refusals) {
      const p = refusal(scenario)
      expect(p.kind).toBe('constraint')
      for (const lng of ['en', 'ko']) {
        const worded = word(lng, p, kind)
        expect(worded.text, `${lng} ${p.message}`).not.toMatch(path)
        expect(worded.text).not.toBe(word(lng, { ...p, field: 'aqm.unheard_of' }, kind).text) // its own sentence
        expect(worded.english).toBe(p.message)
      }
    }
    const gfr = word('ko', refusal({ aqm: { kind: 'gfr' } }), 'gfr').text
    expect(gfr).toContain('ATM 셀 (AAL5)')
    expect(word('en', refusal(refusals[4][0])).text).toBe(
      'g (flow group 1) must be a number, or one of the choices the form offers.',
    )
  })

  it('has a sentence for every kind in both languages, and keeps the English detail only for constraints', () => {
    for (const lng of ['en', 'ko']) {
      for (const kind of PROBLEM_KINDS) {
        const worded = word(lng, { kind, field: 'link.rate_mbps', lo: 1, hi: 2, got: 3, message: 'english' })
        expect(worded.text, `${lng} ${kind}`).not.toBe('english')
        expect(worded.english, `${lng} ${kind}`).toBe(kind === 'constraint' ? 'english' : undefined)
      }
    }
    const unknown = refusal({ flows: [{ tcp: 'westwood' }] })
    expect(word('ko', unknown).text).toContain('“westwood”')
  })
})
