// An old sweep link (no `v`) gave ARED's interval in seconds; today's sweep reads milliseconds.
import { describe, expect, it } from 'vitest'
import { sweepLinkVersion, sweepValuesNow } from './link'

const ared = { aqm: { kind: 'ared', interval: 500, target_delay: 5 } }
const codel = { aqm: { kind: 'codel', target: 5, interval: 100 } }
const droptail = { aqm: { kind: 'droptail' } }

describe('sweep links', () => {
  it('reads the version a link was written in, version 1 without one', () => {
    expect(sweepLinkVersion(new URLSearchParams('view=sweep&param=aqm.interval'))).toBe(1)
    expect(sweepLinkVersion(new URLSearchParams('v=2&view=sweep'))).toBe(2)
    expect(sweepLinkVersion(new URLSearchParams('v=x&view=sweep'))).toBe(1)
  })

  it("converts an old link's seconds to milliseconds where every side read them in seconds", () => {
    expect(sweepValuesNow('0.1, 0.5, 1.001', 'aqm.interval', [ared, droptail], 1)).toBe('100, 500, 1001')
    expect(sweepValuesNow('0.005;0.01', 'aqm.target_delay', [ared], 1)).toBe('5, 10')
  })

  it('leaves new links, milliseconds that always were, mixed sides and other fields as they are', () => {
    expect(sweepValuesNow('100, 500', 'aqm.interval', [ared], 2)).toBe('100, 500')
    expect(sweepValuesNow('50, 100', 'aqm.interval', [codel], 1)).toBe('50, 100')
    expect(sweepValuesNow('0.1, 0.2', 'aqm.interval', [ared, codel], 1)).toBe('0.1, 0.2')
    expect(sweepValuesNow('20, 40', 'link.buffer', [ared], 1)).toBe('20, 40')
    expect(sweepValuesNow('oops', 'aqm.interval', [ared], 1)).toBe('oops')
  })
})
