// Writes web/contract/engine.ts whole from the engine: wasm `contract_module` (the catalogue of
// engine-wasm/src/catalog.rs; the same text as `aqm-cli contract`). Run after `npm run build:wasm` by
// `npm run gen:contract`; web/engine/contract.test.ts fails while the committed file differs from what this writes.
import { readFileSync, writeFileSync } from 'node:fs'
import { contract_module, initSync } from '../web/engine/pkg/aqm_engine.js'

initSync({ module: readFileSync(new URL('../web/engine/pkg/aqm_engine_bg.wasm', import.meta.url)) })
writeFileSync(new URL('../web/contract/engine.ts', import.meta.url), contract_module())
console.log('gen:contract: wrote web/contract/engine.ts')
