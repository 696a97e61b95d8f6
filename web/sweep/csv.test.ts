import { describe, expect, it } from 'vitest'
import { toCsv } from './csv'
import { flowMetrics, metricById, parseSummary, summaryValue } from '../engine/summary'

const summary = parseSummary(
  '{"utilisation":0.9996092626886145,"mean_queue_pkts":12.5,"delay_ms":{"mean":3.1,"p95":null},"jain":null,"flows":[{"goodput_mbps":1.25}]}',
)

describe('summary values', () => {
  it('read nested paths and flows, with null and missing as NaN', () => {
    expect(summaryValue(summary, 'delay_ms.mean')).toBe(3.1)
    expect(summaryValue(summary, 'flows.0.goodput_mbps')).toBe(1.25)
    expect(summaryValue(summary, 'delay_ms.p95')).toBeNaN()
    expect(summaryValue(summary, 'flows.3.goodput_mbps')).toBeNaN()
    expect(summaryValue(summary, 'nothing.here')).toBeNaN()
  })
  it('name goodput as payload, and still know the wire figure older links chose', () => {
    expect(flowMetrics(2).map((m) => m.id)).toEqual(['flows.0.goodput_payload_mbps', 'flows.1.goodput_payload_mbps'])
    expect(metricById('flows.1.goodput_payload_mbps')?.key).toBe('flow_goodput')
    expect(metricById('flows.1.goodput_mbps')?.key).toBe('flow_goodput_wire')
    expect(metricById('flows.1.drops')).toBeUndefined()
    expect(metricById('total_goodput_payload_mbps')?.key).toBe('goodput_payload')
    expect(metricById('total_goodput_mbps')?.key).toBe('goodput')
  })
  it('refuse what is not a summary', () => {
    expect(() => parseSummary('[1]')).toThrow()
  })
})

describe('the CSV export', () => {
  it('writes exact numbers, empty cells for undefined values and quoted labels', () => {
    const csv = toCsv(
      ['link.buffer'],
      ['utilisation', 'jain'],
      [
        { side: 'RED, 6/12', x: 24, summaries: [summary] },
        { side: 'Drop-tail', x: 24, summaries: [], error: 'aqm: "min_th" too large' },
      ],
    )
    const lines = csv.trimEnd().split('\n')
    expect(lines[0]).toBe('side,link.buffer,utilisation,jain,error')
    expect(lines[1]).toBe('"RED, 6/12",24,0.9996092626886145,,')
    expect(lines[2]).toBe('Drop-tail,24,,,"aqm: ""min_th"" too large"')
    expect(Number(lines[1].split(',')[3])).toBe(summary.utilisation)
  })
})

describe('the CSV export of replicated and 2-D sweeps', () => {
  it('writes each metric’s mean and 95 % half-width, the runs counted, and both coordinates', () => {
    const runs = [1, 2, 3, 4, 5].map((u) => parseSummary(`{"utilisation":${u}}`))
    const csv = toCsv(
      ['link.buffer', 'flows[*].count'],
      ['utilisation'],
      [{ side: 'RED', x: 24, y: 3, summaries: runs }],
      5,
    )
    const [head, row] = csv.trimEnd().split('\n')
    expect(head).toBe('side,link.buffer,flows[*].count,runs,utilisation,utilisation_ci95,error')
    const cells = row.split(',')
    expect(cells.slice(0, 5)).toEqual(['RED', '24', '3', '5', '3'])
    // Hand computation: s = √2.5, t(0.975, 4) = 2.776445105 ⇒ 2.776445105 · √2.5 / √5 = 1.963243161
    expect(Number(cells[5])).toBeCloseTo(1.963243161, 8)
  })
})
