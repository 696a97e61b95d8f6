import { describe, expect, it } from 'vitest'
import { summarize } from './summary'

describe('worksheet scenario summary', () => {
  it('fills what the preset leaves out with the engine defaults and lists the schedule', () => {
    const s = summarize({
      link: { rate_mbps: 10, rate_schedule: [{ at_s: 30, rate_mbps: 2 }], delay_schedule: [{ at_s: 5, delay_ms: 20 }] },
      flows: [{ tcp: 'cubic', rtt_ms: [40, 80] }],
    })
    expect(s.rateSteps).toEqual([{ at: 30, mbps: 2 }])
    expect(s.delaySteps).toEqual([{ at: 5, ms: 20 }])
    expect(s.slots).toBeNull()
    // Engine defaults (scenario.rs): 5 flows, 100-packet buffer, drop-tail, 60 s.
    expect(s.groups).toEqual([{ count: 5, tcp: 'cubic', rtt: [40, 80] }])
    expect([s.buffer, s.bufferUnit, s.aqm, s.duration, s.delayMs]).toEqual([100, 'packets', 'droptail', 60, 10])
  })
})
