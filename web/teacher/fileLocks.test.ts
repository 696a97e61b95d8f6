import { describe, expect, it } from 'vitest'
import { readTeacher } from '../scenario/teacherView'
import { keepLocked } from './fileLocks'

const running = {
  seed: 1,
  duration: 60,
  link: { rate_mbps: 10 },
  flows: [{ count: 5 }],
  aqm: { kind: 'red', min_th: 15, max_th: 45, max_p: 0.1 },
}

describe('a scenario file under a worksheet link', () => {
  it('keeps the locked link, flows, run and algorithm; says what it kept', () => {
    const file = { seed: 9, duration: 60, link: { rate_mbps: 50 }, flows: [{ count: 30 }], aqm: { kind: 'codel' } }
    const r = keepLocked(running, file, readTeacher('?lock=aqm,link,flows,run'))
    expect(r.scenario).toEqual(running)
    expect(r.kept).toEqual(['link', 'flows', 'run', 'aqm'])
  })

  it('takes the free parameters of the same algorithm and keeps the locked ones', () => {
    const file = { ...running, aqm: { kind: 'red', min_th: 5, max_th: 45, max_p: 0.3 } }
    const r = keepLocked(running, file, readTeacher('?lock=aqm,min_th'))
    expect(r.scenario.aqm).toEqual({ kind: 'red', min_th: 15, max_th: 45, max_p: 0.3 })
    expect(r.kept).toEqual(['min_th'])
  })

  it('takes everything free: an unlocked algorithm may change', () => {
    const file = { ...running, link: { rate_mbps: 20 }, aqm: { kind: 'codel' } }
    const r = keepLocked(running, file, readTeacher('?lock=flows'))
    expect(r.scenario).toEqual(file)
    expect(r.kept).toEqual([])
  })
})
