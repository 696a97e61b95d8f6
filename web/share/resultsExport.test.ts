// The per-flow results go out with the exporters: CSV rows in the engine's field names, JSON with the
// delay histogram; NaN (a UDP flow's cwnd) as an empty field or null.
import { describe, expect, it } from 'vitest'
import type { RunSummary } from '../engine/protocol'
import { perFlowCsv, resultsJson } from './exporters'
import type { FlowResult } from '../engine/resultsModel'

const flow = (id: number, goodput: number, cwnd: number): FlowResult => ({
  id,
  group: 0,
  tcp: id === 1 ? 'udp' : 'reno',
  base_rtt_ms: 40,
  goodput_payload_mbps: goodput,
  throughput_mbps: goodput + 0.25,
  link_share: goodput / 10,
  fair_share: 0.5,
  loss_rate: 0.01,
  retransmits: 3,
  timeouts: 0,
  mean_rtt_ms: 52.5,
  delay_ms: 12.5,
  cwnd_mean: cwnd,
})
const summary: RunSummary = {
  measured_from_s: 10,
  measured_to_s: 60,
  mean_queue_pkts: 4,
  delay_ms: { mean: 12, p50: 10.05, p95: 30.05, p99: 40.05 },
  utilisation: 0.9,
  total_goodput_payload_mbps: 8.5,
  total_goodput_mbps: 8.9,
  jain: 0.9,
  min_max_fairness_pct: 80,
  sync: { index: 0.5, random: 0.4, excess: 0.1 },
  drops_by_reason: {},
  marks_by_reason: {},
  delay_histogram: { edges_ms: [0, 0.01, 0.1], counts: [5, 7] },
  flows: [flow(0, 5, 20.5), flow(1, 3.5, NaN)],
}
const meta = { scenario: { seed: 3 }, link: 'https://lab.example/?v=1&seed=3' }

describe('per-flow exports', () => {
  it('writes one CSV row per flow with the engine’s field names', () => {
    const lines = perFlowCsv(summary, meta).split('\n')
    expect(lines[0]).toBe('# AQM Lab per-flow results over the measured window 10–60 s')
    expect(lines[4]).toBe(
      'id,group,tcp,base_rtt_ms,goodput_payload_mbps,link_share,fair_share,loss_rate,retransmits,timeouts,mean_rtt_ms,delay_ms,cwnd_mean,throughput_mbps',
    )
    expect(lines[5]).toBe('0,0,reno,40,5,0.5,0.5,0.01,3,0,52.5,12.5,20.5,5.25')
    expect(lines[6]).toBe('1,0,udp,40,3.5,0.35,0.5,0.01,3,0,52.5,12.5,,3.75')
  })

  it('writes JSON with the rows, percentiles and histogram that reads back', () => {
    const back = JSON.parse(resultsJson(summary, meta))
    expect(back).toMatchObject({
      format: 'aqm-lab-results',
      scenario: meta.scenario,
      delay_ms: summary.delay_ms,
      delay_histogram: summary.delay_histogram,
    })
    expect(back.flows[1].cwnd_mean).toBeNull()
    expect(back.flows[0]).toEqual(summary.flows?.[0])
  })
})
