import { describe, expect, it } from 'vitest'
import { appendColumns } from './runner'
import { subQueuesFrom, subQueuesNow, subQueuesOf, type StateEntry } from './subQueues'

describe('sub-queues from the engine declaration', () => {
  it('reads DualPI2 as an L4S and a classic queue, each with its traced level, sojourn and probability', () => {
    const [l, c] = subQueuesOf('dualpi2')
    expect(l.cls).toBe('l4s')
    expect(c.cls).toBe('classic')
    expect(l.level.packets).toEqual({ name: 'l_packets', unit: 'packets', column: 'state_l_packets' })
    expect(c.level.bytes?.column).toBe('state_c_bytes')
    expect(l.sojourn).toEqual({ name: 'l_sojourn', unit: 's', column: 'state_l_sojourn' })
    expect(l.probability?.column).toBe('state_p_cl')
    expect(c.probability?.column).toBe('state_p_c')
    // Counters are read from the latest state only (not traced).
    expect(l.counts.map((x) => x.name)).toEqual(['l_step_marks', 'l_coupled_marks', 'l_drops', 'l_overload_drops'])
    expect(c.counts.every((x) => x.column === null)).toBe(true)
  })

  it('finds none in a one-queue discipline', () => {
    expect(subQueuesOf('red')).toEqual([])
    expect(subQueuesOf('fq_codel')).toEqual([])
    expect(subQueuesOf(undefined)).toEqual([])
  })

  it('needs no page code for another two-queue discipline: its declaration is enough', () => {
    const entry = (name: string, unit: string, meaning: string, queue: string | null, traced: boolean) =>
      ({ name, unit, meaning, queue, traced }) as unknown as StateEntry
    const state = [
      entry('p', '', 'probability', null, false),
      entry('classic_len', 'packets', 'queue_level', 'classic', true),
      entry('ll_len', 'packets', 'queue_level', 'l4s', true),
      entry('ll_delay', 'ms', 'queue_delay', 'l4s', true),
      entry('ll_p', '', 'queue_probability', 'l4s', false),
    ]
    const queues = subQueuesFrom(state)
    expect(queues.map((q) => q.cls)).toEqual(['l4s', 'classic'])
    expect(queues[0].level.packets?.column).toBe('state_ll_len')
    expect(queues[0].sojourn?.unit).toBe('ms')
    expect(queues[0].probability).toEqual({ name: 'll_p', unit: '', column: null })
    expect(queues[1].sojourn).toBeNull()
    const now = subQueuesNow(queues, { ll_len: 3, ll_delay: 0.8, ll_p: 0.25, classic_len: 40 })
    expect(now[0]).toMatchObject({ packets: 3, sojournMs: 0.8, probability: 0.25 })
    expect(now[1].packets).toBe(40)
    expect(Number.isNaN(now[1].sojournMs)).toBe(true)
  })

  it('converts each queue state snapshot to ms and keeps counts in declared order', () => {
    const [l, c] = subQueuesNow(subQueuesOf('dualpi2'), {
      l_packets: 2,
      c_packets: 30,
      l_sojourn: 0.0012,
      c_sojourn: 0.015,
      p_cl: 0.06,
      p_c: 0.0009,
      l_step_marks: 5,
      c_drops: 7,
    })
    expect(l.sojournMs).toBeCloseTo(1.2, 12)
    expect(c.sojournMs).toBeCloseTo(15, 12)
    expect([l.probability, c.probability]).toEqual([0.06, 0.0009])
    expect(l.counts[0]).toEqual({ name: 'l_step_marks', value: 5 })
    expect(c.counts.find((x) => x.name === 'c_drops')?.value).toBe(7)
  })
})

describe('the traced state columns beside the trace', () => {
  it('appends each state row to its trace row', () => {
    const rows = Float64Array.from([0.1, 5, 0.2, 6])
    const state = Float64Array.from([1, 2, 3, 4])
    expect([...appendColumns(rows, 2, state, 2)]).toEqual([0.1, 5, 1, 2, 0.2, 6, 3, 4])
  })
  it('fills NaN where the engine sent fewer state rows', () => {
    const out = appendColumns(Float64Array.from([0.1, 5, 0.2, 6]), 2, Float64Array.from([9]), 1)
    expect(out[2]).toBe(9)
    expect(Number.isNaN(out[5])).toBe(true)
  })
})
