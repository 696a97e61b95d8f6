import { describe, expect, it } from 'vitest'
import { parseAqm, parseColumns, parseCurve, parseRunSummary, parseState, withAqm } from './decode'
import { FLOW_FIELDS } from './resultsModel'

/** Every number of a per-flow row: the ones the results table shows and the three it reads besides. */
const FLOW_KEYS = ['group', 'base_rtt_ms', 'throughput_mbps', ...FLOW_FIELDS]

describe('engine JSON decoding', () => {
  it('keeps numbers and turns booleans into 0/1 in the state snapshot', () => {
    expect(parseState('{"avg": 3.5, "dropping": true, "idle": false, "name": "x"}')).toEqual({
      avg: 3.5,
      dropping: 1,
      idle: 0,
    })
  })

  it('reads the curve, or null when the algorithm has none', () => {
    expect(parseCurve('null')).toBeNull()
    expect(parseCurve('[[0,0],[5,0.02],[15,0.1]]')).toEqual([
      [0, 0],
      [5, 0.02],
      [15, 0.1],
    ])
  })

  it('rejects malformed columns and aqm', () => {
    expect(parseColumns('["t","q_pkts"]')).toEqual(['t', 'q_pkts'])
    expect(() => parseColumns('["t",3]')).toThrow(/columns/)
    expect(parseAqm('{"kind":"red","min_th":5}')).toEqual({ kind: 'red', min_th: 5 })
    expect(() => parseAqm('{"min_th":5}')).toThrow(/kind/)
  })

  it('replaces only the aqm field of a scenario', () => {
    const s = '{"version":1,"seed":7,"link":{"buffer":100},"aqm":{"kind":"droptail"}}'
    expect(JSON.parse(withAqm(s, { kind: 'red', min_th: 5 }))).toEqual({
      version: 1,
      seed: 7,
      link: { buffer: 100 },
      aqm: { kind: 'red', min_th: 5 },
    })
  })

  it("keeps the page's subset of the run summary and reads the engine's null as NaN", () => {
    const json = JSON.stringify({
      measured_from_s: 10,
      measured_to_s: 40,
      utilisation: 0.95,
      mean_queue_pkts: 40.5,
      std_queue_pkts: 9,
      total_goodput_mbps: 9.5,
      total_goodput_payload_mbps: 9.12,
      total_received_payload_mbps: 9.1,
      delay_ms: { mean: 32, p50: 30, p95: 60, p99: 70 },
      jain: 0.98,
      min_max_fairness_pct: null,
      sync: { cuts: 120, index: 0.7, random: 0.35, excess: 0.35, mass_cut_share: 0.5 },
      drops_by_reason: { overflow: 120, early: 0 },
      marks_by_reason: {},
      flows: [{ id: 0 }],
    })
    expect(parseRunSummary(json)).toEqual({
      measured_from_s: 10,
      measured_to_s: 40,
      mean_queue_pkts: 40.5,
      delay_ms: { mean: 32, p50: 30, p95: 60, p99: 70 },
      utilisation: 0.95,
      jain: 0.98,
      total_goodput_payload_mbps: 9.12,
      total_goodput_mbps: 9.5,
      total_received_payload_mbps: 9.1,
      min_max_fairness_pct: NaN,
      sync: { index: 0.7, random: 0.35, excess: 0.35 },
      drops_by_reason: { overflow: 120, early: 0 },
      marks_by_reason: {},
      // A row without its fields reads as NaN; no histogram in the JSON, none in the summary.
      flows: [{ ...Object.fromEntries(FLOW_KEYS.map((k) => [k, NaN])), id: 0, tcp: '' }],
    })
    expect(() => parseRunSummary('[1]')).toThrow(/summary/)
  })
})
