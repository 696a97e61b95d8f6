// The engine's test-only catalogue entries (engine-wasm/tests/fixtures/dummy-*.json: a discipline, a congestion
// control, a scenario field), which Rust tests keep equal to what the engine lists with their cargo feature on.
// The page's unit tests feed them to the page's own code: the proof that adding each needs no change under web/.
const FILES = import.meta.glob<unknown>('../../engine-wasm/tests/fixtures/dummy-*.json', {
  eager: true,
  import: 'default',
})

export function engineFixture(name: 'dummy-discipline' | 'dummy-cc' | 'dummy-field'): unknown {
  const entry = FILES[`../../engine-wasm/tests/fixtures/${name}.json`]
  if (entry === undefined) throw new Error(`no engine fixture ${name}`)
  return entry
}
