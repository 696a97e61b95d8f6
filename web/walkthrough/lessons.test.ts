import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import en from '../i18n/locales/en/teach.json'
import ko from '../i18n/locales/ko/teach.json'
import { isPreset } from '../presets/types'
import { answer, LESSONS } from './lessons'

function at(tree: unknown, path: string[]): unknown {
  return path.reduce<unknown>((node, k) => (typeof node === 'object' && node !== null ? Object.getOwnPropertyDescriptor(node, k)?.value : undefined), tree)
}

describe('walk-throughs', () => {
  it('pick the choice nearest to the measurement', () => {
    const choices = LESSONS['red-vs-droptail'].steps[1].predict!.choices
    expect(answer(choices, 67)).toBe('full')
    expect(answer(choices, 12)).toBe('empty')
  })

  for (const lesson of Object.values(LESSONS)) {
    it(`${lesson.id}: runs a preset that names it, with every text in English and Korean`, () => {
      const p: unknown = JSON.parse(readFileSync(new URL(`../../public/presets/${lesson.preset}.json`, import.meta.url), 'utf8'))
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
})
