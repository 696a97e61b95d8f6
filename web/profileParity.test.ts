// The page runs what `aqm-cli --profile <p>` runs: for every discipline and every profile, the scenario the
// page builds (a file opened, the page's link to it opened again, "Behave as" chosen in the lab and applied,
// the discipline picked live) gives the native CLI's trace digest (docs/profiles.md). The profile supplies
// the fields a scenario leaves out (the engine's fill_absent); the page must not pin them to the papers'.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'
import { Simulation, algorithms, apply_profile, initSync, trace_digest } from './engine/pkg/aqm_engine.js'
import { parseAlgorithms } from './engine/decode'
import { readScenarioFile } from './share/importer'
import { decodeLink, encodeLink } from './scenario/urlCodec'
import { scenarioToApply } from './controls/scenarioDraft'
import type { JsonObject } from './scenario/json'

const root = fileURLToPath(new URL('../', import.meta.url))
const cli = `${root}engine-wasm/target/release/aqm-cli`
const PROFILES = ['paper', 'ns2', 'ns3', 'linux']
const SECONDS = 4

/** A short run of one discipline with its defaults (GFR runs on ATM; HRED's thresholds are in bytes). */
function scenarioFor(kind: string): JsonObject {
  const link: JsonObject = kind === 'gfr' ? { buffer: 100_000, atm: {} } : { buffer: 1_000_000, buffer_unit: 'bytes' }
  return { seed: 11, duration: SECONDS, link, flows: [{ count: 4, rtt_ms: [20, 80] }], aqm: { kind } }
}

function nativeDigest(scenario: JsonObject, profile: string): string {
  const args = ['--profile', profile, 'digest', '-', String(SECONDS)]
  return execFileSync(cli, args, { input: JSON.stringify(scenario) })
    .toString()
    .trim()
}

function wasmDigest(scenario: JsonObject | string): string {
  const sim = new Simulation(typeof scenario === 'string' ? scenario : JSON.stringify(scenario))
  sim.run_for(SECONDS)
  const digest = trace_digest(sim.take_samples())
  sim.free()
  return digest
}

/** The running scenario as the lab's worker reports it: what was sent, with the engine's whole aqm. */
function runningOf(scenario: JsonObject): JsonObject {
  const sim = new Simulation(JSON.stringify(scenario))
  const aqm = JSON.parse(sim.aqm()) as JsonObject
  sim.free()
  return { ...scenario, aqm }
}

describe('the page and aqm-cli --profile', () => {
  let kinds: string[] = []
  beforeAll(() => {
    execFileSync('cargo', ['build', '--release', '--quiet', '--bin', 'aqm-cli'], { cwd: `${root}engine-wasm` })
    initSync({ module: readFileSync(`${root}web/engine/pkg/aqm_engine_bg.wasm`) })
    kinds = parseAlgorithms(algorithms()).map((a) => a.kind)
  }, 600_000)

  it('run the same model for every discipline and profile', () => {
    expect(kinds.length).toBeGreaterThan(10)
    for (const kind of kinds) {
      const base = scenarioFor(kind)
      for (const profile of PROFILES) {
        const at = `${kind} ${profile}`
        const want = nativeDigest(base, profile)
        expect(want, at).toMatch(/^[0-9a-f]{16}$/)
        const withProfile = { ...base, profile }
        // A scenario file opened on the page.
        const file = readScenarioFile(JSON.stringify(withProfile))
        expect(file.problems, at).toEqual([])
        expect(wasmDigest(file.scenario), `file: ${at}`).toBe(want)
        // The page's link to it (the Validation page's "Open in the lab"), opened.
        const linked = decodeLink(encodeLink(withProfile))
        expect(linked.problems, at).toEqual([])
        expect(wasmDigest(linked.scenario), `link: ${at}`).toBe(want)
        // The lab runs the papers' scenario; "Behave as" picks the profile; Apply.
        const running = runningOf(readScenarioFile(JSON.stringify(base)).scenario)
        const draft = JSON.parse(apply_profile(JSON.stringify(running), profile)) as JsonObject
        expect(wasmDigest(scenarioToApply(draft, running)), `behave as: ${at}`).toBe(want)
        // The lab under the profile, the discipline picked live: the engine's configuration as if built so.
        const sim = new Simulation(JSON.stringify({ ...withProfile, aqm: { kind: 'droptail' } }))
        sim.set_algorithm(JSON.stringify({ kind }))
        const built = new Simulation(JSON.stringify(withProfile))
        expect(JSON.parse(sim.aqm()), `picked live: ${at}`).toEqual(JSON.parse(built.aqm()))
        sim.free()
        built.free()
      }
    }
  })

  it('read a hand-written link with a profile as the CLI reads the profile: it fills what the link does not set', () => {
    for (const kind of ['red', 'codel', 'pie']) {
      for (const profile of ['ns3', 'linux']) {
        const at = `${kind} ${profile}`
        const linked = decodeLink(`aqm=${kind}&profile=${profile}&seed=11&duration=${SECONDS}&flows=4&rtt=20-80`)
        expect(linked.problems, at).toEqual([])
        const base: JsonObject = { seed: 11, duration: SECONDS, flows: [{ count: 4, rtt_ms: [20, 80] }], aqm: { kind } }
        expect(wasmDigest(linked.scenario), at).toBe(nativeDigest(base, profile))
      }
    }
    // What the link sets wins over the profile, as a written field does for the CLI.
    const linked = decodeLink(`aqm=red&wait=0&profile=ns3&seed=11&duration=${SECONDS}&flows=4&rtt=20-80`)
    const written: JsonObject = {
      seed: 11,
      duration: SECONDS,
      flows: [{ count: 4, rtt_ms: [20, 80] }],
      aqm: { kind: 'red', wait: false },
    }
    expect(wasmDigest(linked.scenario)).toBe(nativeDigest(written, 'ns3'))
    expect(wasmDigest(linked.scenario)).not.toBe(nativeDigest({ ...written, aqm: { kind: 'red' } }, 'ns3'))
    // The page writes the profile as the readable key, and reading that link back runs the same model.
    const again = decodeLink(encodeLink(linked.scenario))
    expect(encodeLink(linked.scenario)).toMatch(/(^|&)profile=ns3(&|$)/)
    expect(wasmDigest(again.scenario)).toBe(wasmDigest(linked.scenario))
  })

  it('tell the profiles apart (the digest sees what a profile changes)', () => {
    const base = scenarioFor('red')
    expect(nativeDigest(base, 'ns3')).not.toBe(nativeDigest(base, 'paper'))
    // Under ns-3 a written field wins over the profile, on the page as in the CLI.
    const written = { ...base, aqm: { kind: 'red', wait: false } }
    const want = nativeDigest(written, 'ns3')
    expect(want).not.toBe(nativeDigest(base, 'ns3'))
    expect(wasmDigest(readScenarioFile(JSON.stringify({ ...written, profile: 'ns3' })).scenario)).toBe(want)
  })
})
