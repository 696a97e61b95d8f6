// web/contract/engine.ts is generated from the engine's catalogue (npm run gen:contract) and must be exactly what
// the engine generates; and what it says must be what the engine does (its lists are the engine's own).
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { algorithms, catalog as engineCatalog, contract_module, initSync } from './pkg/aqm_engine.js'
import { catalog } from '../contract/engine'

initSync({ module: readFileSync(new URL('./pkg/aqm_engine_bg.wasm', import.meta.url)) })

describe('the generated contract', () => {
  it('is what the engine generates (run npm run gen:contract after changing the catalogue)', () => {
    expect(readFileSync(new URL('../contract/engine.ts', import.meta.url), 'utf8')).toBe(contract_module())
  })

  it('carries the engine catalogue and its algorithm list', () => {
    expect(JSON.parse(JSON.stringify(catalog))).toEqual(JSON.parse(engineCatalog()))
    expect(catalog.algorithms.map((a) => a.kind)).toEqual(JSON.parse(algorithms()).map((a: { kind: string }) => a.kind))
  })
})
