// The LMS adapter against a fake SCORM API: discovery through parents and openers, the values a lesson reports
// in each version's names and formats, the pass mark, resuming from suspend data, and the 4,096-character bound.
import { describe, expect, it } from 'vitest'
import { duration2004, timespan12 } from './cmi'
import { findApi, type Api12, type Api2004, type WindowLike } from './discover'
import {
  EMPTY_PROGRESS,
  decodeSuspend,
  encodeSuspend,
  isComplete,
  lessonScore,
  lessonTracker,
  type LessonProgress,
} from './progress'
import { LmsSession } from './session'
import { readLaunch } from './launch'
import { worksheetTracker } from './worksheet'
import type { Point } from '../charts/sketch/sketch'

/** A fake LMS: a store of elements, a log of calls, SCORM 1.2's 4,096-character suspend-data bound. */
function fake12(initial: Record<string, string> = {}) {
  const data: Record<string, string> = { 'cmi.core.lesson_status': 'not attempted', ...initial }
  const calls: string[] = []
  const api: Api12 = {
    LMSInitialize: () => (calls.push('init'), 'true'),
    LMSFinish: () => (calls.push('finish'), 'true'),
    LMSGetValue: (k) => data[k] ?? '',
    LMSSetValue: (k, v) => {
      if (k === 'cmi.suspend_data' && v.length > 4096) return 'false'
      data[k] = v
      return 'true'
    },
    LMSCommit: () => (calls.push('commit'), 'true'),
    LMSGetLastError: () => '0',
  }
  return { api, data, calls }
}

function fake2004(initial: Record<string, string> = {}) {
  const data: Record<string, string> = { ...initial }
  const calls: string[] = []
  const api: Api2004 = {
    Initialize: () => (calls.push('init'), 'true'),
    Terminate: () => (calls.push('terminate'), 'true'),
    GetValue: (k) => data[k] ?? '',
    SetValue: (k, v) => ((data[k] = v), 'true'),
    Commit: () => (calls.push('commit'), 'true'),
    GetLastError: () => '0',
  }
  return { api, data, calls }
}

const lesson = {
  id: 'demo',
  steps: [{ id: 'intro' }, { id: 'a', predict: {} }, { id: 'b', predict: {} }, { id: 'done' }],
}

const win = (props: Record<string, unknown>, parent: WindowLike | null = null): WindowLike => {
  const w: WindowLike = { parent: null, ...props }
  w.parent = parent ?? w
  return w
}

describe('finding the API (SCORM RTE discovery)', () => {
  it('finds API in a grandparent and API_1484_11 in the opener’s parent', () => {
    const { api } = fake12()
    const top = win({ API: api })
    const mid = win({}, top)
    expect(findApi(win({}, mid), ['1.2'])).toEqual({ version: '1.2', api })
    const { api: api04 } = fake2004()
    const openerTop = win({ API_1484_11: api04 })
    const self = { ...win({}), opener: win({}, openerTop) }
    expect(findApi(self, ['2004'])).toEqual({ version: '2004', api: api04 })
  })

  it('finds nothing without an LMS, across an origin that throws, or past 500 parents', () => {
    expect(findApi(win({}))).toBeNull()
    const foreign = new Proxy({} as WindowLike, {
      get() {
        throw new Error('cross-origin')
      },
    })
    expect(findApi(win({}, foreign))).toBeNull()
    let w = win({ API: fake12().api })
    for (let i = 0; i < 600; i++) w = win({}, w)
    expect(findApi(w, ['1.2'])).toBeNull()
  })

  it('asks only for the version the package declares', () => {
    const top = win({ API: fake12().api })
    expect(findApi(win({}, top), ['2004'])).toBeNull()
  })

  it('reads scorm= and pass= from the launch address only', () => {
    expect(readLaunch('?view=walkthrough&lesson=x')).toBeNull()
    expect(readLaunch('?scorm=1.2&pass=70')).toEqual({ version: '1.2', passMark: 70 })
    expect(readLaunch('?scorm=2004&pass=120')).toEqual({ version: '2004', passMark: null })
    expect(readLaunch('?scorm=3')).toBeNull()
  })
})

describe('formats', () => {
  it('writes session time as each version requires', () => {
    expect(timespan12(0)).toBe('0000:00:00.00')
    expect(timespan12(3725.5)).toBe('0001:02:05.50')
    expect(duration2004(3725.5)).toBe('PT1H2M5.5S')
    expect(duration2004(59.999)).toBe('PT0H1M0S')
  })
})

describe('score and completion', () => {
  const p = (x: Partial<LessonProgress>): LessonProgress => ({ ...EMPTY_PROGRESS, ...x })
  it('is the mean over the questions and the drawn sketches', () => {
    expect(lessonScore(lesson, p({}))).toBe(0)
    expect(lessonScore(lesson, p({ right: { a: true, b: false } }))).toBe(50)
    // (100 + 0 + 80) / 3 = 60
    expect(lessonScore(lesson, p({ right: { a: true, b: false }, sketchScores: { a: 80 } }))).toBe(60)
    expect(lessonScore({ id: 'x', steps: [{ id: 'only' }] }, p({}))).toBeNull()
  })
  it('is complete on the last step with every answer revealed', () => {
    expect(isComplete(lesson, p({ step: 3, right: { a: true } }))).toBe(false)
    expect(isComplete(lesson, p({ step: 2, right: { a: true, b: true } }))).toBe(false)
    expect(isComplete(lesson, p({ step: 3, right: { a: true, b: false } }))).toBe(true)
  })
})

describe('a session (SCORM 1.2)', () => {
  it('initialises as incomplete, reports score and status, and finishes', () => {
    const { api, data, calls } = fake12()
    let t = 0
    const s = LmsSession.start({ version: '1.2', api }, lessonTracker(lesson), { passMark: 70, now: () => t })
    if (s === null) throw new Error('no session')
    expect(data['cmi.core.lesson_status']).toBe('incomplete')
    t = 12_340
    s.report({ ...EMPTY_PROGRESS, step: 1, choices: { a: 'x' } })
    expect(data['cmi.core.lesson_status']).toBe('incomplete')
    expect(data['cmi.core.score.raw']).toBe('0')
    expect(data['cmi.core.exit']).toBe('suspend')
    expect(data['cmi.core.session_time']).toBe('0000:00:12.34')
    s.report({ ...EMPTY_PROGRESS, step: 3, right: { a: true, b: true } })
    expect(data['cmi.core.lesson_status']).toBe('passed')
    expect(data['cmi.core.score.raw']).toBe('100')
    expect(data['cmi.core.score.max']).toBe('100')
    s.report({ ...EMPTY_PROGRESS, step: 3, right: { a: true, b: false } })
    expect(data['cmi.core.lesson_status']).toBe('failed')
    t = 60_000
    s.finish()
    s.finish()
    expect(data['cmi.core.session_time']).toBe('0000:01:00.00')
    expect(calls.filter((c) => c === 'finish')).toHaveLength(1)
    expect(calls.at(-2)).toBe('commit')
  })

  it('takes the LMS’s mastery score over the package’s, and completes without any', () => {
    const withMastery = fake12({ 'cmi.student_data.mastery_score': '40' })
    const s = LmsSession.start({ version: '1.2', api: withMastery.api }, lessonTracker(lesson), { passMark: 90 })
    expect(s?.passMark).toBe(40)
    s?.report({ ...EMPTY_PROGRESS, step: 3, right: { a: true, b: false } })
    expect(withMastery.data['cmi.core.lesson_status']).toBe('passed')
    const none = fake12()
    LmsSession.start({ version: '1.2', api: none.api }, lessonTracker(lesson))?.report({
      ...EMPTY_PROGRESS,
      step: 3,
      right: { a: false, b: false },
    })
    expect(none.data['cmi.core.lesson_status']).toBe('completed')
  })

  it('resumes from its own suspend data and ignores another lesson’s', () => {
    const first = fake12()
    const progress: LessonProgress = {
      step: 2,
      choices: { a: 'full', b: 'low' },
      right: { a: true },
      sketchScores: { a: 73 },
      sketches: {
        a: [
          [0, 10],
          [5, 40],
          [20, 35],
        ],
      },
    }
    LmsSession.start({ version: '1.2', api: first.api }, lessonTracker(lesson))?.report(progress)
    const again = fake12({ 'cmi.suspend_data': first.data['cmi.suspend_data'], 'cmi.core.entry': 'resume' })
    expect(LmsSession.start({ version: '1.2', api: again.api }, lessonTracker(lesson))?.resumed).toEqual(progress)
    const other = fake12({ 'cmi.suspend_data': first.data['cmi.suspend_data'] })
    expect(
      LmsSession.start({ version: '1.2', api: other.api }, lessonTracker({ ...lesson, id: 'other' }))?.resumed,
    ).toBeNull()
  })

  it('is no session when the LMS refuses to initialise or throws', () => {
    const { api } = fake12()
    expect(
      LmsSession.start({ version: '1.2', api: { ...api, LMSInitialize: () => 'false' } }, lessonTracker(lesson)),
    ).toBeNull()
    const throwing = {
      ...api,
      LMSInitialize: () => {
        throw new Error('x')
      },
    }
    expect(LmsSession.start({ version: '1.2', api: throwing }, lessonTracker(lesson))).toBeNull()
  })
})

describe('a session (SCORM 2004)', () => {
  it('reports completion and success apart, a scaled score and an ISO 8601 session time', () => {
    const { api, data, calls } = fake2004({ 'cmi.scaled_passing_score': '0.5' })
    let t = 0
    const s = LmsSession.start({ version: '2004', api }, lessonTracker(lesson), { now: () => t })
    expect(s?.passMark).toBe(50)
    expect(data['cmi.completion_status']).toBe('incomplete')
    t = 90_500
    s?.report({ ...EMPTY_PROGRESS, step: 3, right: { a: true, b: false } })
    expect(data['cmi.completion_status']).toBe('completed')
    expect(data['cmi.success_status']).toBe('passed')
    expect(data['cmi.score.raw']).toBe('50')
    expect(data['cmi.score.scaled']).toBe('0.5')
    expect(data['cmi.session_time']).toBe('PT0H1M30.5S')
    expect(data['cmi.exit']).toBe('normal')
    s?.finish()
    expect(calls.at(-1)).toBe('terminate')
  })
})

describe('suspend data within SCORM 1.2’s 4,096 characters', () => {
  // The longest a sketch's points can be written (six digits before the point, as the link format reads them).
  const big = (k: number): Point[] => Array.from({ length: 32 }, (_, i) => [10000 + i * 1000 + 0.17, 123456.7 + k])
  const many = {
    id: 'many',
    steps: Array.from({ length: 16 }, (_, i) => ({ id: `step-${i}-with-a-long-name`, predict: {} })),
  }
  const full: LessonProgress = {
    step: 15,
    choices: Object.fromEntries(many.steps.map((s) => [s.id, 'a-long-answer-id'])),
    right: Object.fromEntries(many.steps.map((s, i) => [s.id, i % 2 === 0])),
    sketchScores: Object.fromEntries(many.steps.map((s) => [s.id, 99])),
    sketches: Object.fromEntries(many.steps.map((s, i) => [s.id, big(i)])),
  }

  it('thins the sketches until it fits, keeping every answer and score', () => {
    const text = encodeSuspend(many.id, full, 4096)
    if (text === null) throw new Error('nothing stored')
    expect(text.length).toBeLessThanOrEqual(4096)
    const back = decodeSuspend(many, text)
    expect(back?.choices).toEqual(full.choices)
    expect(back?.right).toEqual(full.right)
    expect(back?.sketchScores).toEqual(full.sketchScores)
    expect(back?.step).toBe(15)
    // Thinned, not dropped: every sketch keeps its first and last point.
    for (const s of many.steps) {
      const pts = back?.sketches[s.id] ?? []
      expect(pts.length).toBeGreaterThanOrEqual(2)
      expect(pts.length).toBeLessThan(32)
      expect(pts[0]).toEqual(full.sketches[s.id][0])
      expect(pts.at(-1)).toEqual(full.sketches[s.id].at(-1))
    }
    // Unbounded (SCORM 2004's 64,000) keeps every point.
    const whole = encodeSuspend(many.id, full, 64000)
    expect(whole?.length).toBeGreaterThan(4096)
    expect(decodeSuspend(many, whole ?? '')?.sketches).toEqual(full.sketches)
  })

  it('drops the sketches when even two points each do not fit, and stores nothing rather than a cut text', () => {
    const tight = encodeSuspend(many.id, full, 1800)
    expect(tight?.length).toBeLessThanOrEqual(1800)
    expect(decodeSuspend(many, tight ?? '')?.sketches).toEqual({})
    expect(encodeSuspend(many.id, full, 100)).toBeNull()
  })

  it('a 1.2 LMS that refuses longer suspend data still gets a session’s worth', () => {
    const { api, data } = fake12()
    LmsSession.start({ version: '1.2', api }, lessonTracker(many))?.report(full)
    expect(data['cmi.suspend_data'].length).toBeLessThanOrEqual(4096)
    expect(decodeSuspend(many, data['cmi.suspend_data'])?.choices).toEqual(full.choices)
  })

  it('ignores malformed suspend data', () => {
    for (const bad of [
      '',
      '{',
      '[]',
      '{"v":2}',
      '{"v":1,"l":"demo","i":"x","c":{},"r":{},"k":{},"s":{}}',
      '{"v":1,"l":"demo","i":1,"c":{},"r":{},"k":{},"s":""}',
    ])
      expect(decodeSuspend(lesson, bad)).toBeNull()
  })
})

describe('a worksheet as an LMS activity', () => {
  it('is complete once run to its end, has no score, keeps its link, and drops a link too long for 1.2', () => {
    const { api, data } = fake12()
    const s = LmsSession.start({ version: '1.2', api }, worksheetTracker, { passMark: 70 })
    s?.report({ ran: false, link: 'v=2&aqm=red' })
    expect(data['cmi.core.lesson_status']).toBe('incomplete')
    s?.report({ ran: true, link: 'v=2&aqm=red&max_p=0.2' })
    // Nothing to score: completed, whatever the pass mark.
    expect(data['cmi.core.lesson_status']).toBe('completed')
    expect(data['cmi.core.score.raw']).toBeUndefined()
    expect(worksheetTracker.decode(data['cmi.suspend_data'])).toEqual({ ran: true, link: 'v=2&aqm=red&max_p=0.2' })
    const long = worksheetTracker.encode({ ran: true, link: 'x'.repeat(5000) }, 4096)
    expect(worksheetTracker.decode(long ?? '')).toEqual({ ran: true, link: '' })
    expect(worksheetTracker.decode('{"v":1,"l":"demo"}')).toBeNull()
  })
})
