// The run summary's word on goodput: said only when the in-order goodput counts data released from before
// the warm-up (more than 1 % above the payload counted as it arrived), never for an older engine's summary.
import { describe, expect, it } from 'vitest'
import { runSummary } from '../engine/summaryFixture'
import { released } from './RunSummaryReadout'

const summary = (inOrder: number, received?: number) =>
  runSummary({
    total_goodput_payload_mbps: inOrder,
    total_goodput_mbps: inOrder,
    total_received_payload_mbps: received,
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
