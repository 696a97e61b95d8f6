// lz-string's decompressFromEncodedURIComponent, ported with a bound on the output. lz-string itself can
// turn 8 KB of hostile input into megabytes (each code may name a dictionary entry one character longer
// than the last); this port stops as soon as the output passes `maxChars`. Same algorithm and alphabet as
// lz-string 1.5.0 (WTFPL, pieroxy), so it reads exactly what compressToEncodedURIComponent writes
// (checked against lz-string in lz.test.ts).

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+-$'
const VALUE = new Map([...ALPHABET].map((c, i) => [c, i]))

export type Decompressed = { ok: true; text: string } | { ok: false; reason: 'damaged' | 'too-large' }

/** Reads a compressToEncodedURIComponent string; spaces are taken as '+' (a query string decodes '+' as space). */
export function decompressUriSafe(input: string, maxChars: number): Decompressed {
  const data = input.replace(/ /g, '+')
  if (data === '') return { ok: false, reason: 'damaged' }
  const values: number[] = []
  for (const c of data) {
    const v = VALUE.get(c)
    if (v === undefined) return { ok: false, reason: 'damaged' }
    values.push(v)
  }
  const reset = 32
  let val = values[0]
  let position = reset
  let index = 1
  const readBits = (n: number): number => {
    let bits = 0
    for (let power = 1, i = 0; i < n; i++, power <<= 1) {
      const b = val & position
      position >>= 1
      if (position === 0) {
        position = reset
        val = values[index++] ?? 0
      }
      if (b > 0) bits |= power
    }
    return bits
  }

  const dictionary: string[] = ['', '', '']
  let enlargeIn = 4
  let numBits = 3
  const out: string[] = []

  let c: string
  switch (readBits(2)) {
    case 0:
      c = String.fromCharCode(readBits(8))
      break
    case 1:
      c = String.fromCharCode(readBits(16))
      break
    default:
      return { ok: false, reason: 'damaged' }
  }
  dictionary[3] = c
  let w = c
  out.push(c)
  let outLength = 1
  for (;;) {
    if (index > values.length) return { ok: false, reason: 'damaged' } // ran out before the end marker
    let code = readBits(numBits)
    switch (code) {
      case 0:
        dictionary.push(String.fromCharCode(readBits(8)))
        code = dictionary.length - 1
        enlargeIn--
        break
      case 1:
        dictionary.push(String.fromCharCode(readBits(16)))
        code = dictionary.length - 1
        enlargeIn--
        break
      case 2:
        return { ok: true, text: out.join('') }
    }
    if (enlargeIn === 0) {
      enlargeIn = 2 ** numBits
      numBits++
    }
    let entry: string
    if (code < dictionary.length && dictionary[code] !== '') entry = dictionary[code]
    else if (code === dictionary.length) entry = w + w.charAt(0)
    else return { ok: false, reason: 'damaged' }
    outLength += entry.length
    if (outLength > maxChars) return { ok: false, reason: 'too-large' }
    out.push(entry)
    dictionary.push(w + entry.charAt(0))
    enlargeIn--
    w = entry
    if (enlargeIn === 0) {
      enlargeIn = 2 ** numBits
      numBits++
    }
  }
}
