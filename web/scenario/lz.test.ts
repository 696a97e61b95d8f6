// The bounded lz-string reader reads exactly what lz-string writes, agrees with lz-string on damaged
// input, and stops early on input crafted to expand.
import fc from 'fast-check'
import { compressToEncodedURIComponent, decompressFromEncodedURIComponent } from 'lz-string'
import { describe, expect, it } from 'vitest'
import { decompressUriSafe } from './lz'

const ALPHABET = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+-$']

describe('decompressUriSafe', () => {
  it('reads back whatever compressToEncodedURIComponent wrote', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ minLength: 1 }), fc.string({ unit: 'binary', minLength: 1 }), fc.json()),
        (text) => {
          expect(decompressUriSafe(compressToEncodedURIComponent(text), 1e6)).toEqual({ ok: true, text })
        },
      ),
      { numRuns: 500 },
    )
  })

  it('reads a query string in which + became a space', () => {
    const texts = Array.from({ length: 500 }, (_, i) => `{"seed":${i},"flows":[{"count":${i * 7}}]}`)
    const text = texts.find((t) => compressToEncodedURIComponent(t).includes('+')) ?? ''
    const z = compressToEncodedURIComponent(text)
    expect(z).toContain('+')
    expect(decompressUriSafe(z.replace(/\+/g, ' '), 1e6)).toEqual({ ok: true, text })
  })

  // lz-string turns some damage into garbage text (an unknown first code becomes "undefined...") and throws
  // on some; this reader refuses both instead. It never reads different text, and never accepts what lz-string refuses.
  it('on damaged input, reads what lz-string reads or refuses; never other text', () => {
    const damaged = fc
      .tuple(fc.json(), fc.array(fc.tuple(fc.nat(), fc.constantFrom(...ALPHABET)), { maxLength: 4 }), fc.nat())
      .map(([json, edits, cut]) => {
        const chars = [...compressToEncodedURIComponent(json)]
        for (const [at, c] of edits) chars[at % chars.length] = c
        return chars.slice(0, chars.length - (cut % 3)).join('')
      })
    fc.assert(
      fc.property(damaged, (z) => {
        let theirs: string | null
        try {
          theirs = decompressFromEncodedURIComponent(z)
        } catch {
          theirs = null // lz-string throws on some damage ("reading 'charAt' of undefined")
        }
        const ours = decompressUriSafe(z, 1e6)
        if (theirs === null || theirs === '') expect(ours.ok).toBe(false)
        else if (ours.ok) expect(ours.text).toBe(theirs)
      }),
      { numRuns: 1000 },
    )
  })

  it('stops as soon as the output passes the bound', () => {
    const bomb = compressToEncodedURIComponent('a'.repeat(200_000))
    const t0 = performance.now()
    expect(decompressUriSafe(bomb, 65_536)).toEqual({ ok: false, reason: 'too-large' })
    expect(performance.now() - t0).toBeLessThan(50)
  })

  it('refuses characters outside its alphabet and empty input', () => {
    expect(decompressUriSafe('abc%', 100)).toEqual({ ok: false, reason: 'damaged' })
    expect(decompressUriSafe('', 100)).toEqual({ ok: false, reason: 'damaged' })
  })
})
