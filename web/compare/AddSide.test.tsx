// A discipline that requires a scenario field (the catalogue's `requires_field`: GFR needs link.atm) is offered
// as a new side only where the comparison's scenario sets it, since the engine refuses it otherwise.
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import '../i18n'
import { catalog } from '../contract/engine'
import type { AlgorithmInfo } from '../engine/protocol'
import { AddSide } from './AddSide'

const algorithms = catalog.algorithms as unknown as AlgorithmInfo[]
const offered = (scenario: object) =>
  [
    ...renderToStaticMarkup(<AddSide algorithms={algorithms} scenario={scenario as never} />).matchAll(
      /value="([^"]+)"/g,
    ),
  ].map((m) => m[1])

describe('adding a side', () => {
  it('offers every discipline whose required field the scenario sets, and no other', () => {
    const needing = catalog.algorithms.filter((a) => a.requires_field !== null).map((a) => a.kind)
    expect(needing).toEqual(['gfr'])
    const plain = offered({ link: { rate_mbps: 10 } })
    expect(plain).toHaveLength(catalog.algorithms.length - needing.length)
    expect(plain).not.toContain('gfr')
    expect(offered({ link: { rate_mbps: 10, atm: {} } })).toContain('gfr')
  })
})
