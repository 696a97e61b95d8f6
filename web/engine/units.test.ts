import { describe, expect, it } from 'vitest'
import { isPackets, queueUnitOf, resolveUnit } from './units'

describe('units', () => {
  it('measures the queue in the buffer unit unless the AQM runs in byte mode', () => {
    expect(queueUnitOf('packets', { kind: 'red', byte_mode: false })).toBe('packets')
    expect(queueUnitOf('packets', { kind: 'red', byte_mode: true })).toBe('bytes')
    expect(queueUnitOf('bytes', { kind: 'droptail' })).toBe('bytes')
    expect(queueUnitOf(undefined, null)).toBe('packets')
  })

  it('measures in bytes for an algorithm whose declared avg is a virtual queue (AVQ)', () => {
    expect(queueUnitOf('packets', { kind: 'avq' })).toBe('bytes')
    expect(queueUnitOf('packets', { kind: 'codel' })).toBe('packets')
  })

  it('resolves "queue unit" and leaves other units alone', () => {
    expect(resolveUnit('queue unit', 'packets')).toBe('packets')
    expect(resolveUnit('ms', 'packets')).toBe('ms')
    expect(isPackets('packets') && !isPackets('bytes') && !isPackets('cells')).toBe(true)
  })
})
