import { describe, expect, it } from 'vitest'
import { bufferInUnit } from './queueScale'

describe('queue scale', () => {
  it('converts the buffer to the chart unit', () => {
    expect(bufferInUnit(100, 'packets', 'packets', 1000)).toBe(100)
    expect(bufferInUnit(100, 'packets', 'bytes', 1000)).toBe(100_000)
    expect(bufferInUnit(150_000, 'bytes', 'packets', 1500)).toBe(100)
    expect(bufferInUnit(100, 'packets', 'bytes', null)).toBeNull()
  })
})
