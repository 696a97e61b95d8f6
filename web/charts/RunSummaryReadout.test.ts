// The run summary's word on goodput: said only when the in-order goodput counts data released from before
// the warm-up (more than 1 % above the payload counted as it arrived), never for an older engine's summary.
import { describe, expect, it } from 'vitest'
import type { RunSummary } from '../engine/protocol'
import { released } from './RunSummaryReadout'

const summary = (inOrder: number, received?: number): RunSummary => ({
  measured_from_s: 2,
  measured_to_s: 4,
  mean_queue_pkts: 0,
  delay_ms: { mean: 0 },
  utilisation: 1,
  total_goodput_payload_mbps: inOrder,
  total_goodput_mbps: inOrder,
  total_received_payload_mbps: received,
  jain: 1,
  min_max_fairness_pct: 100,
  sync: { index: 0, random: 0, excess: 0 },
  drops_by_reason: {},
  marks_by_reason: {},
})

describe('released', () => {
  it('speaks when the in-order goodput exceeds what arrived in the window by more than 1 %', () => {
    // 1 Gbit/s, a 2 s window right after slow start's losses (engine-wasm/tests/theory.rs).
    expect(released(summary(1235.4, 962.1))).toBe(true)
    expect(released(summary(973.3, 973.1))).toBe(false)
    expect(released(summary(973.3, 964.0))).toBe(false)
    expect(released(summary(973.3))).toBe(false)
    expect(released(summary(973.3, Number.NaN))).toBe(false)
  })
})
