import { describe, expect, it } from 'vitest'
import type { FlowResult } from '../engine/resultsModel'
import { sortRows } from './PerFlowTable'

const row = (id: number, goodput: number): FlowResult => ({
  id,
  group: 0,
  tcp: 'reno',
  base_rtt_ms: 0,
  goodput_payload_mbps: goodput,
  throughput_mbps: 0,
  link_share: 0,
  fair_share: 0,
  loss_rate: 0,
  retransmits: 0,
  timeouts: 0,
  mean_rtt_ms: 0,
  delay_ms: 0,
  cwnd_mean: 0,
})

describe('per-flow table order', () => {
  it('sorts either way with ties by flow id and missing values last', () => {
    const rows = [row(0, 2), row(1, NaN), row(2, 5), row(3, 2)]
    expect(sortRows(rows, 'goodput_payload_mbps', true).map((r) => r.id)).toEqual([2, 0, 3, 1])
    expect(sortRows(rows, 'goodput_payload_mbps', false).map((r) => r.id)).toEqual([0, 3, 2, 1])
    expect(sortRows(rows, 'id', true).map((r) => r.id)).toEqual([3, 2, 1, 0])
  })
})
