// Worksheet mode reaches the engine only through the store: a locked parameter or algorithm is never sent
// to the worker, whichever control (slider, field, chart handle, keys, host page) asked.
import { afterEach, describe, expect, it } from 'vitest'
import { SimStore } from '../engine/store'
import { SimClient, type WorkerLike } from '../engine/simClient'
import type { ToWorker } from '../engine/protocol'
import { readTeacher, resetTeacher } from '../scenario/teacherView'

function connected() {
  const sent: ToWorker[] = []
  const w: WorkerLike = { onmessage: null, onerror: null, postMessage: (m) => sent.push(m), terminate: () => {} }
  const store = new SimStore()
  store.connect(new SimClient(w))
  sent.length = 0
  return { store, sent }
}

afterEach(() => resetTeacher())

describe('worksheet locks in the store', () => {
  it('drops changes to locked parameters and a locked algorithm, passes the rest', () => {
    resetTeacher(readTeacher('?lock=max_p,aqm&hide=min_th'))
    const { store, sent } = connected()
    store.setParam('max_p', 0.5)
    store.setParam('min_th', 2) // hidden is locked too
    store.setAlgorithm('codel')
    store.setParam('max_th', 20)
    expect(sent).toEqual([{ type: 'set-param', name: 'max_th', value: 20 }])
  })

  it('without a worksheet every change goes through', () => {
    resetTeacher(readTeacher('?v=1'))
    const { store, sent } = connected()
    store.setParam('max_p', 0.5)
    expect(sent).toEqual([{ type: 'set-param', name: 'max_p', value: 0.5 }])
  })
})
