// Writes the engine's generated `aqm` schema (every discipline and parameter from the catalogue, wasm
// `aqm_schema`, engine-wasm/src/schema.rs) into web/scenario/scenario.schema.json. Run after
// `npm run build:wasm` by `npm run gen:schema`, which then regenerates the ajv validator;
// web/scenario/schema.test.ts fails while the committed file differs from what this writes.
import { readFileSync, writeFileSync } from 'node:fs'
import { aqm_schema, initSync } from '../web/engine/pkg/aqm_engine.js'

initSync({ module: readFileSync(new URL('../web/engine/pkg/aqm_engine_bg.wasm', import.meta.url)) })
const path = new URL('../web/scenario/scenario.schema.json', import.meta.url)
const schema = JSON.parse(readFileSync(path, 'utf8'))
schema.definitions.aqm = JSON.parse(aqm_schema())
writeFileSync(path, `${JSON.stringify(schema, null, 2)}\n`)
console.log('gen:schema: wrote web/scenario/scenario.schema.json')
