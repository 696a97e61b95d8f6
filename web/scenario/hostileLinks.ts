// Hostile and worst-case links for the link decoder: the fuzz test checks that each decodes to a valid
// scenario with messages, and the decode benchmark (urlCodec.bench.ts, `npm run bench:decode`) times the
// worst of them, so the decoder's speed is measured, not asserted in a test.
import { compressToEncodedURIComponent } from 'lz-string'

/** Query parts an attacker or a mangled link may carry. */
export const HOSTILE = [
  'flows=1e6',
  'flows=1e308',
  'flows=-1',
  'flows=NaN',
  'seed=1e400',
  'seed=0x10',
  'v=999',
  'v=-1',
  'v=1.5',
  'v=',
  'caption=<script>alert(1)</script>',
  'caption=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E',
  'aqm=__proto__',
  '__proto__[polluted]=1',
  'constructor=1',
  'aqm=red&max_th=Infinity',
  'rtt=1e999-2',
  'rtt=---',
  'z=',
  'z=$$$$',
  'flows=' + '1,'.repeat(500),
  'tcp=' + 'cubic,'.repeat(300),
  'views=' + 'queue,'.repeat(100),
  'speed=max',
  'embed=%00',
  'buffer=1e7',
  'buffer_unit=kg',
  'delay=5000&rtt=1',
  'aqm.flows=99999',
  'aqm=hred&aqm.rtt=-3',
  'lang=<b>',
]

/** The heaviest links: deep nesting, a decompression bomb, the longest link, many keys. */
export function worstCaseLinks(): string[] {
  const deep = compressToEncodedURIComponent(`${'['.repeat(20000)}${']'.repeat(20000)}`)
  const deepObj = compressToEncodedURIComponent(`{"flows":${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}}`)
  const bomb = compressToEncodedURIComponent(JSON.stringify({ seed: 1, pad: 'x'.repeat(500_000) }))
  return [
    `?v=1&z=${deep}`,
    `?v=1&z=${deepObj}`,
    `?v=1&z=${bomb}`,
    `?${'a=1&'.repeat(2047)}`,
    `?flows=${'1,'.repeat(4090)}`,
    `?${'x'.repeat(8190)}`,
    `?${'x'.repeat(9000)}`,
    `?z=${'N4Ig'.repeat(2000)}`,
    `?v=1&${HOSTILE.join('&')}`,
  ]
}
