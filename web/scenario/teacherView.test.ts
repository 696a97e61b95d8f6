import { describe, expect, it } from 'vitest'
import { encodeView, readView } from './linkView'
import { isLocked, isParamHidden, isParamLocked, lockAllBut, readTeacher } from './teacherView'

describe('worksheet mode', () => {
  it('reads lock and hide from a link and writes them back', () => {
    const v = readTeacher('?v=1&aqm=red&lock=max_p,min_th&hide=flows')
    expect([...v.lock]).toEqual(['max_p', 'min_th'])
    expect([...v.hide]).toEqual(['flows'])
    expect(isParamLocked('max_p', v)).toBe(true)
    expect(isParamLocked('max_th', v)).toBe(false)
    // Hidden is locked too.
    expect(isLocked('flows', v)).toBe(true)
    const pairs = encodeView(readView('?lock=max_p,min_th&hide=flows'))
    expect(pairs).toEqual([
      ['lock', 'max_p,min_th'],
      ['hide', 'flows'],
    ])
  })

  it('locks every parameter with `params` and hides them with hide=params', () => {
    const v = readTeacher('?lock=params&hide=params')
    expect(isParamLocked('w_q', v)).toBe(true)
    expect(isParamHidden('w_q', v)).toBe(true)
  })

  it('a link without them locks nothing', () => {
    const v = readTeacher('?v=1&aqm=red')
    expect(v.lock.size + v.hide.size).toBe(0)
    expect(readView('?v=1').lock).toBeUndefined()
  })

  it('"let students change only max_p" locks everything else', () => {
    expect(lockAllBut(['min_th', 'max_th', 'max_p', 'w_q'], new Set(['max_p']))).toEqual([
      'aqm',
      'link',
      'flows',
      'run',
      'min_th',
      'max_th',
      'w_q',
    ])
  })

  it('reports a malformed name and keeps the good ones', () => {
    const problems: unknown[] = []
    const v = readView('?lock=max_p,<b>', problems as never)
    expect(v.lock).toEqual(['max_p'])
    expect(problems).toHaveLength(1)
  })
})
