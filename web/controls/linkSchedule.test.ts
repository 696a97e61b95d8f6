import { describe, expect, it } from 'vitest'
import { addStep, outOfOrder, removeStep, scheduleFields, setReverse, setSlots, steps } from './linkSchedule'
import { editorPaths, unreadableFields } from './scenarioDraft'
import type { JsonObject } from '../scenario/json'

const base: JsonObject = { link: { rate_mbps: 10, delay_ms: 10, buffer: 100 }, flows: [{ count: 1 }] }

describe('link schedule editing', () => {
  it('adds steps after the last one and drops the list once it is empty', () => {
    let d = addStep(base, 'rate_schedule')
    d = addStep(d, 'rate_schedule')
    expect(steps(d, 'rate_schedule')).toEqual([
      { at_s: 10, rate_mbps: 5 },
      { at_s: 20, rate_mbps: 2.5 },
    ])
    d = addStep(d, 'delay_schedule')
    expect(steps(d, 'delay_schedule')).toEqual([{ at_s: 10, delay_ms: 20 }])
    d = removeStep(removeStep(d, 'rate_schedule', 0), 'rate_schedule', 0)
    d = removeStep(d, 'delay_schedule', 0)
    // Back to the scenario without a schedule, key for key (so its link and digest are unchanged).
    expect(d).toEqual(base)
  })

  it('turns the slot pattern and the reverse path on with the engine defaults and off without a trace', () => {
    const on = setReverse(setSlots(base, true), true)
    expect((on.link as JsonObject).rate_slots).toEqual({ start_s: 0, slot_s: 15, min_mbps: 1, max_mbps: 10 })
    expect((on.link as JsonObject).reverse).toEqual({ rate_mbps: 1, buffer: 100, ack_size: 40 })
    expect(setReverse(setSlots(on, false), false)).toEqual(base)
  })

  it('lists every schedule field so text that is not a number blocks Apply', () => {
    const d = setReverse(addStep(base, 'rate_schedule'), true)
    expect(scheduleFields(d).map((f) => f.path)).toEqual([
      'link.rate_schedule[0].at_s',
      'link.rate_schedule[0].rate_mbps',
      'link.reverse.rate_mbps',
      'link.reverse.buffer',
      'link.reverse.ack_size',
    ])
    expect(editorPaths(d)).toContain('link.rate_schedule[0].rate_mbps')
    const bad = { ...d, link: { ...(d.link as JsonObject), rate_schedule: [{ at_s: 10, rate_mbps: Number.NaN }] } }
    expect(unreadableFields(bad)).toEqual(['link.rate_schedule[0].rate_mbps'])
  })

  it('flags a step that starts before the one above it', () => {
    const d: JsonObject = {
      link: {
        rate_schedule: [
          { at_s: 20, rate_mbps: 1 },
          { at_s: 10, rate_mbps: 2 },
        ],
      },
    }
    expect(outOfOrder(d, 'rate_schedule', 0)).toBe(false)
    expect(outOfOrder(d, 'rate_schedule', 1)).toBe(true)
  })
})
