import { describe, expect, it } from 'vitest'
import { metricById } from '../engine/summary'
import type { JsonObject } from '../scenario/json'
import { bytePacketSize, inTableUnit } from './tableUnits'

describe('lesson table units', () => {
  const bytes = (size?: number): JsonObject => ({
    link: { buffer_unit: 'bytes' },
    flows: [size === undefined ? {} : { packet_size: size }],
  })
  it('gives the queue in KB where every side counts its buffer in bytes of one packet size', () => {
    expect(bytePacketSize([bytes(500), bytes(500)])).toBe(500)
    const mean = inTableUnit(metricById('mean_queue_pkts')!, 500)
    expect(mean.key).toBe('mean_queue_kb')
    expect(376.2 * mean.scale).toBeCloseTo(188.1, 9) // 376.2 packets of 500 bytes
    expect(inTableUnit(metricById('utilisation')!, 500).key).toBe('utilisation')
  })
  it('keeps packets for a packet buffer or mixed packet sizes', () => {
    expect(bytePacketSize([{ link: { buffer: 100 }, flows: [{}] }])).toBeNull()
    expect(bytePacketSize([bytes(500), bytes()])).toBeNull()
    expect(inTableUnit(metricById('mean_queue_pkts')!, null).key).toBe('mean_queue')
  })
})
