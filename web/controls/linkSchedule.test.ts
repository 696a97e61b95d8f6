import { describe, expect, it } from 'vitest'
import { addStep, outOfOrder, removeStep, steps } from './linkSchedule'
import { editorPaths, unreadableFields } from './scenarioDraft'
import { freshObject } from '../scenario/fields'
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

  it('starts the slot pattern and the reverse path at the defaults the engine declares', () => {
    expect(freshObject('link.rate_slots')).toEqual({ start_s: 0, slot_s: 15, min_mbps: 1, max_mbps: 10 })
    expect(freshObject('link.reverse')).toEqual({ rate_mbps: 1, buffer: 100, ack_size: 40 })
  })

  it('lists every schedule field so text that is not a number blocks Apply', () => {
    const d = addStep(base, 'rate_schedule')
    const on = { ...d, link: { ...(d.link as JsonObject), reverse: freshObject('link.reverse') } }
    const paths = editorPaths(on).filter((p) => p.startsWith('link.r') && p !== 'link.rate_mbps')
    expect(paths).toEqual([
      'link.rate_slots',
      'link.reverse',
      'link.reverse.rate_mbps',
      'link.reverse.buffer',
      'link.reverse.ack_size',
      'link.rate_schedule[0].at_s',
      'link.rate_schedule[0].rate_mbps',
    ])
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
