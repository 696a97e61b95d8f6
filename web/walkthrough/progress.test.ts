import { describe, expect, it } from 'vitest'
import { LESSONS } from './lessons'
import { readProgress, withProgress } from './progress'

const lesson = LESSONS['red-vs-droptail']

describe('lesson progress in the address', () => {
  it('round-trips the step and the predictions made', () => {
    const href = withProgress('https://x.test/?view=walkthrough&lesson=red-vs-droptail&lang=ko', lesson, {
      index: 2,
      choices: { droptail: 'full', red: 'min_th' },
    })
    const url = new URL(href)
    expect(url.searchParams.get('step')).toBe('3')
    expect(url.searchParams.get('picked')).toBe('droptail:full,red:min_th')
    expect(url.searchParams.get('lang')).toBe('ko')
    expect(readProgress(lesson, url.search)).toEqual({ index: 2, choices: { droptail: 'full', red: 'min_th' } })
  })

  it('ignores steps and choices the lesson does not have', () => {
    expect(readProgress(lesson, '?step=99&picked=droptail:nonsense,nostep:full,red:max_th')).toEqual({
      index: 0,
      choices: { red: 'max_th' },
    })
  })

  it('writes nothing at the start', () => {
    expect(withProgress('https://x.test/?lesson=a&step=3&picked=a:b', lesson, { index: 0, choices: {} })).toBe(
      'https://x.test/?lesson=a',
    )
  })
})
