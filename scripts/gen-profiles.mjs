// Writes web/scenario/profiles.generated.json from the engine: wasm `profile_tables` (the tables of
// engine-wasm/src/profile.rs: which value each profile gives each field it controls). Run after
// `npm run build:wasm` by `npm run gen:profiles`; web/scenario/profiles.test.ts fails while the committed
// file differs from what this writes.
import { readFileSync, writeFileSync } from 'node:fs'
import { initSync, profile_tables } from '../web/engine/pkg/aqm_engine.js'

initSync({ module: readFileSync(new URL('../web/engine/pkg/aqm_engine_bg.wasm', import.meta.url)) })
const path = new URL('../web/scenario/profiles.generated.json', import.meta.url)
writeFileSync(path, `${JSON.stringify(JSON.parse(profile_tables()), null, 2)}\n`)
console.log('gen:profiles: wrote web/scenario/profiles.generated.json')
