import { describe, expect, it } from 'vitest'
import { builtFlows } from '../engine/builtFlows'
import { readRunning } from '../scenario/running'
import { dumbbellOf } from './topology'

describe('the dumbbell of a scenario', () => {
  it('lists each flow group with its first flow, and the bottleneck', () => {
    const json = JSON.stringify({
      link: { rate_mbps: 10, delay_ms: 20, buffer: 150000, buffer_unit: 'bytes' },
      flows: [
        { count: 3, tcp: 'cubic', rtt_ms: [40, 120] },
        { count: 2, traffic: { kind: 'cbr', rate_mbps: 1 }, rtt_ms: [80, 80] },
      ],
    })
    expect(dumbbellOf(readRunning(json, builtFlows(json)))).toEqual({
      groups: [
        { count: 3, variant: 'cubic', rttMs: [40, 120], firstFlow: 0 },
        { count: 2, variant: 'udp', rttMs: [80, 80], firstFlow: 3 },
      ],
      flows: 5,
      rateMbps: 10,
      delayMs: 20,
      buffer: 150000,
      bufferUnit: 'bytes',
    })
  })

  it('waits on a scenario it cannot read', () => {
    expect(dumbbellOf(readRunning('', []))).toBeNull()
    expect(dumbbellOf(readRunning('{"flows":[]}', []))).toBeNull()
  })
})
