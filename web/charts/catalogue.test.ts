// Every literal key the charts translate exists in the charts catalogue (parity between English
// and Korean is checked in web/i18n/catalogues.test.ts), and so do the keys built from a unit,
// a series or a band kind.
import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import en from '../i18n/locales/en/charts.json'

function has(key: string): boolean {
  let node: unknown = en
  for (const part of key.split('.'))
    node = typeof node === 'object' && node !== null ? Object.getOwnPropertyDescriptor(node, part)?.value : undefined
  return typeof node === 'string'
}

describe('the charts catalogue', () => {
  const dir = new URL('./', import.meta.url)
  const sources = readdirSync(dir).filter((f) => /\.tsx?$/.test(f) && !f.includes('.test.'))
  const literal = sources.flatMap((f) =>
    [...readFileSync(new URL(f, dir), 'utf8').matchAll(/\bt\('([a-z_]+\.[a-z_]+)'/g)].map((m) => [f, m[1]] as const),
  )

  it('has every key the charts use literally', () => {
    expect(literal.length).toBeGreaterThan(40)
    for (const [file, key] of literal) expect(has(key), `${file}: ${key}`).toBe(true)
  })

  it('has the keys built at run time', () => {
    const built = [
      ...['packets', 'bytes'].flatMap((u) => [`units.${u}`, `queue.axis_${u}`, `curve.axis_x_${u}`]),
      ...['band', 'delay', 'ref'].map((k) => `queue.band_${k}`),
      ...['flow', 'variant'].map((b) => `cwnd.by_${b}`),
      ...['reno', 'newreno', 'tahoe', 'cubic', 'bbr', 'vegas', 'dctcp', 'prague', 'udp'].map((v) => `variants.${v}`),
      ...['queue', 'avg', 'p', 'delay', 'util', 'jain', 'drops', 'marks'].map((k) => `readouts.${k}`),
      'readouts.queue_value',
      'readouts.delay_value',
      ...['drops', 'marks', 'drops_by', 'marks_by'].map((k) => `delay.${k}`),
      ...['overflow', 'early', 'forced', 'target', 'selective', 'epd', 'ppd', 'overload'].map((r) => `reasons.${r}`),
    ]
    for (const key of built) expect(has(key), key).toBe(true)
  })
})
