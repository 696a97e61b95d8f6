import { describe, expect, it } from 'vitest'
import { builtFlows } from '../engine/builtFlows'
import { classOfCodepoint } from '../engine/subQueues'
import { bufferOf, durationOf, linkOf, parseFlows, readRunning, type FlowInfo } from './running'

const cubic = (index: number): FlowInfo => ({
  index,
  group: 0,
  variant: 'cubic',
  codepoint: 'not_ect',
  feedback: 'none',
})

describe('the running scenario', () => {
  it('is parsed once into a frozen value a reader cannot change', () => {
    const text = '{"link":{"buffer":100,"rate_mbps":10},"flows":[{"count":2,"tcp":"cubic"}],"duration":30}'
    const r = readRunning(text, [cubic(0), cubic(1)])
    expect(r?.text).toBe(text)
    expect(r?.value).toEqual(JSON.parse(text))
    expect(Object.isFrozen(r?.value.flows)).toBe(true)
    expect(() => {
      const flows = r?.value.flows
      if (Array.isArray(flows)) flows.push({})
    }).toThrow(TypeError)
    expect([r?.buffer, r?.link, r?.duration]).toEqual([
      { size: 100, unit: 'packets' },
      { rateMbps: 10, meanPktSize: 1000 },
      30,
    ])
    expect(r?.flows.map((f) => f.variant)).toEqual(['cubic', 'cubic'])
  })

  it('keeps the previous parts that did not change, so the charts that draw them keep their props', () => {
    const two = [cubic(0), cubic(1)]
    const before = readRunning('{"link":{"buffer":100,"rate_mbps":10},"flows":[{"count":2}],"aqm":{"kind":"red"}}', two)
    const edited = readRunning(
      '{"link":{"buffer":100,"rate_mbps":10},"flows":[{"count":2}],"aqm":{"kind":"red","max_th":20}}',
      [cubic(0), cubic(1)],
      before,
    )
    expect(edited?.flows).toBe(before?.flows)
    expect(edited?.link).toBe(before?.link)
    expect(edited?.buffer).toBe(before?.buffer)
    expect(edited?.value).not.toBe(before?.value)
    const more = readRunning('{"link":{"buffer":50,"rate_mbps":10},"flows":[{"count":3}]}', [...two, cubic(2)], edited)
    expect(more?.flows).toHaveLength(3)
    expect(more?.buffer).toEqual({ size: 50, unit: 'packets' })
    expect(more?.link).toBe(before?.link)
  })

  it('is null before the first scenario and for text that is not an object', () => {
    expect(readRunning('', [])).toBeNull()
    expect(readRunning('[1]', [])).toBeNull()
    expect(readRunning('{', [])).toBeNull()
  })

  it('finds the bottleneck buffer and its unit by name', () => {
    expect(bufferOf({ link: { buffer: 100, buffer_unit: 'packets' } })).toEqual({ size: 100, unit: 'packets' })
    expect(bufferOf({ link: { buffer: 1500 } })).toEqual({ size: 1500, unit: 'packets' })
    expect(bufferOf({ link: { buffer: 1500, buffer_unit: 'bytes' } })).toEqual({ size: 1500, unit: 'bytes' })
    expect(bufferOf({ flows: [] })).toBeNull()
  })

  it('finds the link rate and mean packet size by name', () => {
    expect(linkOf({ link: { rate_mbps: 10, mean_pkt_size: 1500 } })).toEqual({ rateMbps: 10, meanPktSize: 1500 })
    expect(linkOf({ link: { rate_mbps: 10 } })).toEqual({ rateMbps: 10, meanPktSize: 1000 })
    expect(linkOf({ link: { rate_mbps: 0 } })).toBeNull()
    expect(linkOf({ flows: [] })).toBeNull()
  })

  it('reads a positive duration only', () => {
    expect([durationOf({ duration: 60 }), durationOf({ duration: 0 }), durationOf({}), durationOf(null)]).toEqual([
      60,
      null,
      null,
      null,
    ])
  })
})

describe('the flows as the engine built them', () => {
  const built = (flows: object[]): FlowInfo[] => builtFlows(JSON.stringify({ aqm: { kind: 'dualpi2' }, flows }))
  const ecn = (f: FlowInfo) => [f.variant, f.codepoint, f.feedback]

  it('takes the stack’s own codepoint and feedback: Prague ECT(1) accurate, DCTCP ECT(0) DCTCP', () => {
    expect(
      built([
        { count: 1, tcp: 'prague' },
        { count: 1, tcp: 'dctcp' },
      ]).map(ecn),
    ).toEqual([
      ['prague', 'ect1', 'accurate'],
      ['dctcp', 'ect0', 'dctcp'],
    ])
  })

  it('follows the ecn switch for the others, and an explicit codepoint overrides either', () => {
    const flows = built([
      { count: 1, tcp: 'cubic' },
      { count: 1, tcp: 'cubic', ecn: true },
      { count: 1, tcp: 'dctcp', ecn_codepoint: 'ect1' },
      { count: 1, tcp: 'prague', ecn_codepoint: 'not_ect' },
    ])
    expect(flows.map(ecn)).toEqual([
      ['cubic', 'not_ect', 'none'],
      ['cubic', 'ect0', 'classic'],
      ['dctcp', 'ect1', 'dctcp'],
      ['prague', 'not_ect', 'none'],
    ])
  })

  it('sends a UDP source’s packets Not-ECT whatever its group’s ecn says, and numbers flows in engine order', () => {
    const flows = built([
      { count: 2, tcp: 'cubic' },
      { count: 1, tcp: 'reno', ecn: true, traffic: { kind: 'cbr', rate_mbps: 1 } },
      { count: 1, tcp: 'reno', traffic: { kind: 'http' } },
    ])
    expect(flows.map(ecn)).toEqual([
      ['cubic', 'not_ect', 'none'],
      ['cubic', 'not_ect', 'none'],
      ['udp', 'not_ect', 'none'],
      ['reno', 'not_ect', 'none'],
    ])
    expect(flows.map((f) => [f.index, f.group])).toEqual([
      [0, 0],
      [1, 0],
      [2, 1],
      [3, 2],
    ])
  })

  it('puts each flow of the L4S preset in its class', () => {
    const flows = built([
      { count: 1, tcp: 'prague' },
      { count: 2, tcp: 'cubic' },
    ])
    expect(flows.map((f) => classOfCodepoint(f.codepoint))).toEqual(['l4s', 'classic', 'classic'])
  })

  it('reads nothing from anything but a list', () => {
    expect(parseFlows('{}')).toEqual([])
  })
})
