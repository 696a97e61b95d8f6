import { describe, expect, it } from 'vitest'
import { bufferOf, durationOf, linkOf, readRunning } from './running'

describe('the running scenario', () => {
  it('is parsed once into a frozen value a reader cannot change', () => {
    const text = '{"link":{"buffer":100,"rate_mbps":10},"flows":[{"count":2,"tcp":"cubic"}],"duration":30}'
    const r = readRunning(text)
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
    const before = readRunning('{"link":{"buffer":100,"rate_mbps":10},"flows":[{"count":2}],"aqm":{"kind":"red"}}')
    const edited = readRunning(
      '{"link":{"buffer":100,"rate_mbps":10},"flows":[{"count":2}],"aqm":{"kind":"red","max_th":20}}',
      before,
    )
    expect(edited?.flows).toBe(before?.flows)
    expect(edited?.link).toBe(before?.link)
    expect(edited?.buffer).toBe(before?.buffer)
    expect(edited?.value).not.toBe(before?.value)
    const more = readRunning('{"link":{"buffer":50,"rate_mbps":10},"flows":[{"count":3}]}', edited)
    expect(more?.flows).toHaveLength(3)
    expect(more?.buffer).toEqual({ size: 50, unit: 'packets' })
    expect(more?.link).toBe(before?.link)
  })

  it('is null before the first scenario and for text that is not an object', () => {
    expect(readRunning('')).toBeNull()
    expect(readRunning('[1]')).toBeNull()
    expect(readRunning('{')).toBeNull()
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
