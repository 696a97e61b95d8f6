import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import en from '../i18n/locales/en/teach.json'
import ko from '../i18n/locales/ko/teach.json'
import { isPreset } from '../catalog/types'
import { answer, isLesson, lessonSides, LESSONS } from './lessons'
import { lessonValue } from './measure'

function at(tree: unknown, path: string[]): unknown {
  return path.reduce<unknown>(
    (node, k) =>
      typeof node === 'object' && node !== null ? Object.getOwnPropertyDescriptor(node, k)?.value : undefined,
    tree,
  )
}

describe('walk-throughs', () => {
  it('pick the choice nearest to the measurement', () => {
    const choices = LESSONS['red-vs-droptail'].steps[1].predict!.choices
    expect(answer(choices, 67)).toBe('full')
    expect(answer(choices, 12)).toBe('empty')
  })

  for (const lesson of Object.values(LESSONS)) {
    it(`${lesson.id}: runs a preset that names it, with every text in English and Korean`, () => {
      const p: unknown = JSON.parse(
        readFileSync(new URL(`../../public/presets/${lesson.preset}.json`, import.meta.url), 'utf8'),
      )
      expect(isPreset(p) && p.walkthrough).toBe(lesson.id)
      for (const step of lesson.steps) {
        for (const cat of [en, ko]) {
          const base = ['lesson', lesson.id, step.id]
          expect(at(cat, [...base, 'title']), `${base.join('.')}.title`).toBeTypeOf('string')
          expect(at(cat, [...base, 'body']), `${base.join('.')}.body`).toBeTypeOf('string')
          if (step.predict) {
            expect(at(cat, [...base, 'question'])).toBeTypeOf('string')
            expect(at(cat, [...base, 'result'])).toBeTypeOf('string')
            for (const c of step.predict.choices) expect(at(cat, [...base, 'choices', c.id]), c.id).toBeTypeOf('string')
          }
        }
      }
    })
  }

  it('list every lesson the catalogues hold, the eight data lessons among them', () => {
    expect(Object.keys(LESSONS).sort()).toEqual(Object.keys(en.lesson).sort())
    expect(Object.keys(LESSONS).sort()).toEqual(Object.keys(ko.lesson).sort())
    expect(Object.keys(LESSONS).length).toBeGreaterThanOrEqual(9)
  })

  it('refuse a malformed lesson', () => {
    const good = { id: 'x', preset: 'x', speed: 1, steps: [{ id: 'intro' }] }
    expect(isLesson(good)).toBe(true)
    expect(isLesson({ ...good, steps: [{ id: 'a', predict: { measure: 'nope', choices: [] } }] })).toBe(false)
    expect(isLesson({ ...good, sides: ['0'] })).toBe(false)
  })

  it('read a flow share and a summary path from a run summary', () => {
    const s = {
      utilisation: 1,
      total_goodput_payload_mbps: 8,
      delay_ms: { mean: 12.5 },
      flows: [{ goodput_payload_mbps: 6 }, { goodput_payload_mbps: 2 }],
    }
    expect(lessonValue(s, 'share.1')).toBe(0.25)
    expect(lessonValue(s, 'delay_ms.mean')).toBe(12.5)
    expect(lessonValue(s, 'flows.0.goodput_payload_mbps')).toBe(6)
    expect(lessonValue(s, 'nope')).toBeNaN()
  })

  for (const lesson of Object.values(LESSONS).filter((l) => l.sides !== undefined)) {
    it(`${lesson.id}: sides, measures and expected answers that name what exists`, () => {
      const p: unknown = JSON.parse(
        readFileSync(new URL(`../../public/presets/${lesson.preset}.json`, import.meta.url), 'utf8'),
      )
      if (!isPreset(p)) throw new Error('not a preset')
      const sides = lessonSides(lesson)
      for (const k of sides) expect(k).toBeLessThan(1 + (p.compare?.length ?? 0))
      expect(lesson.steps[0].id).toBe('intro')
      expect(lesson.steps[lesson.steps.length - 1].id).toBe('done')
      for (const step of lesson.steps) {
        if (step.side !== undefined) expect(step.side).toBeLessThan(sides.length)
        const pr = step.predict
        if (pr === undefined) continue
        expect(['summary', 'summary_gap']).toContain(pr.measure)
        expect(pr.metric).toBeTypeOf('string')
        expect(pr.of).toBeLessThan(sides.length)
        if (pr.measure === 'summary_gap') expect(pr.minus).toBeLessThan(sides.length)
        expect(pr.choices.map((c) => c.id)).toContain(pr.expect)
        // The expected answer is the nearest choice to some value: the native test checks it is the run's.
        expect(answer(pr.choices, pr.choices.find((c) => c.id === pr.expect)!.value)).toBe(pr.expect)
        for (const cat of [en, ko]) {
          const result = at(cat, ['lesson', lesson.id, step.id, 'result'])
          expect(result).toBeTypeOf('string')
          // A gap's result names both sides' values; a single value's names {{value}}.
          expect(String(result)).toContain(pr.measure === 'summary_gap' ? '{{a}}' : '{{value}}')
        }
      }
    })
  }
})
