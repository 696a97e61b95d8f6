// How long the link decoder takes on the heaviest links (`npm run bench:decode`). A link is decoded on every
// page load and every edit of the address bar; the goal is well under 50 ms for the worst of them.
import { bench, describe } from 'vitest'
import { worstCaseLinks } from './hostileLinks'
import { decodeLink } from './urlCodec'

describe('decodeLink, worst-case links', () => {
  for (const link of worstCaseLinks()) {
    bench(`${link.slice(0, 40)}… (${link.length} chars)`, () => {
      decodeLink(link)
    })
  }
})
